"use client";

import { kyc as kycCopy } from "@/components/copy/kyc";
import { codeOptions, SelectInput, TextInput, type Option } from "./inputs";

/** A person's fields as the forms hold them (all text, blank for "not given"). */
export type PersonValues = {
  firstName: string;
  lastName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  countryState: string;
  nationality: string;
  birthday: string;
  phone?: string;
  email?: string;
  idDocument?: { number: string; kind: string };
  ownershipPercentage?: string;
};

export const emptyPerson = (extra: Partial<PersonValues> = {}): PersonValues => ({
  firstName: "",
  lastName: "",
  address: "",
  postalCode: "",
  city: "",
  country: "",
  countryState: "",
  nationality: "",
  birthday: "",
  ...extra,
});

/**
 * The fields of one person under `prefix` (`personal`, `corporate.directors.0`): name, address, nationality, date of
 * birth, and what the role adds (contact details, an ID document, a share of ownership).
 */
export function PersonFields(props: {
  prefix: string;
  countries: Option[];
  contact?: boolean;
  idDocument?: boolean;
  ownership?: boolean;
}) {
  const text = kycCopy.person;
  const at = (name: string) => `${props.prefix}.${name}`;
  const own = props.prefix === "personal";
  return (
    <div className="person-fields">
      <div className="field-row">
        <TextInput name={at("firstName")} label={text.firstName} autoComplete={own ? "given-name" : "off"} />
        <TextInput name={at("lastName")} label={text.lastName} autoComplete={own ? "family-name" : "off"} />
      </div>
      <TextInput name={at("address")} label={text.address} autoComplete={own ? "street-address" : "off"} />
      <div className="field-row">
        <TextInput name={at("postalCode")} label={text.postalCode} autoComplete={own ? "postal-code" : "off"} />
        <TextInput name={at("city")} label={text.city} autoComplete={own ? "address-level2" : "off"} />
      </div>
      <div className="field-row">
        <SelectInput name={at("country")} label={text.country} options={props.countries} />
        <TextInput name={at("countryState")} label={text.countryState} />
      </div>
      <div className="field-row">
        <SelectInput name={at("nationality")} label={text.nationality} options={props.countries} />
        <TextInput name={at("birthday")} label={text.birthday} type="date" autoComplete={own ? "bday" : "off"} />
      </div>
      {props.contact ? (
        <div className="field-row">
          <TextInput name={at("phone")} label={text.phone} type="tel" autoComplete="tel" />
          <TextInput name={at("email")} label={text.email} type="email" autoComplete="email" />
        </div>
      ) : null}
      {props.idDocument ? (
        <div className="field-row">
          <SelectInput
            name={at("idDocument.kind")}
            label={text.idDocumentKind}
            options={codeOptions(kycCopy.idDocumentKinds)}
          />
          <TextInput name={at("idDocument.number")} label={text.idDocumentNumber} />
        </div>
      ) : null}
      {props.ownership ? (
        <TextInput name={at("ownershipPercentage")} label={text.ownershipPercentage} type="text" />
      ) : null}
    </div>
  );
}
