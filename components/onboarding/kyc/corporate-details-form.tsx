"use client";

import { useFieldArray, useForm, useFormContext } from "react-hook-form";
import { z } from "zod";
import { submitDetailsAction } from "@/app/(onboarding)/authorize/kyc-actions";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { corporateDetailsSchema, type CorporateDetails } from "@/server/profiles/kyc.schemas";
import { errorAt, fieldId, schemaResolver } from "./form-helpers";
import { KycFormCard } from "./kyc-form-card";
import { SelectInput, TextInput, type Option } from "./inputs";
import { emptyPerson, PersonFields, type PersonValues } from "./person-fields";

const schema = z.object({ corporate: corporateDetailsSchema(() => new Date()) });

type Values = {
  corporate: {
    name: string;
    registrationNumber: string;
    registrationDate: string;
    vatNumber: string;
    website: string;
    address: string;
    postalCode: string;
    city: string;
    country: string;
    countryState: string;
    representatives: PersonValues[];
    finalBeneficiaries: PersonValues[];
    directors: PersonValues[];
  };
};

type Group = "representatives" | "directors" | "finalBeneficiaries";

/** The company, and the people who represent, run and own it, each list with rows to add and remove. */
export function CorporateDetailsForm(props: { requestId: string; countries: Option[] }) {
  const text = kycCopy.details;
  const form = useForm<Values, unknown, { corporate: CorporateDetails }>({
    resolver: schemaResolver(schema),
    defaultValues: {
      corporate: {
        name: "",
        registrationNumber: "",
        registrationDate: "",
        vatNumber: "",
        website: "",
        address: "",
        postalCode: "",
        city: "",
        country: "",
        countryState: "",
        representatives: [emptyPerson({ idDocument: { number: "", kind: "" } })],
        finalBeneficiaries: [],
        directors: [emptyPerson()],
      },
    },
  });
  return (
    <KycFormCard
      form={form}
      heading={text.corporateHeading}
      intro={text.corporateIntro}
      action={(values) => submitDetailsAction({ request: props.requestId, ...values })}
    >
      <TextInput name="corporate.name" label={text.name} autoComplete="organization" />
      <div className="field-row">
        <TextInput name="corporate.registrationNumber" label={text.registrationNumber} />
        <TextInput name="corporate.registrationDate" label={text.registrationDate} type="date" />
      </div>
      <div className="field-row">
        <TextInput name="corporate.vatNumber" label={text.vatNumber} />
        <TextInput name="corporate.website" label={text.website} type="url" />
      </div>
      <TextInput name="corporate.address" label={text.address} autoComplete="street-address" />
      <div className="field-row">
        <TextInput name="corporate.postalCode" label={kycCopy.person.postalCode} autoComplete="postal-code" />
        <TextInput name="corporate.city" label={kycCopy.person.city} autoComplete="address-level2" />
      </div>
      <div className="field-row">
        <SelectInput name="corporate.country" label={kycCopy.person.country} options={props.countries} />
        <TextInput name="corporate.countryState" label={text.countryState} />
      </div>
      <People
        group="representatives"
        heading={text.representatives}
        hint={text.representativesHint}
        row={text.representative}
        add={text.addRepresentative}
        countries={props.countries}
        min={1}
      />
      <People
        group="directors"
        heading={text.directors}
        row={text.director}
        add={text.addDirector}
        countries={props.countries}
        min={1}
      />
      <People
        group="finalBeneficiaries"
        heading={text.beneficiaries}
        hint={text.beneficiariesHint}
        empty={text.noBeneficiaries}
        row={text.beneficiary}
        add={text.addBeneficiary}
        countries={props.countries}
        min={0}
      />
    </KycFormCard>
  );
}

/** One list of people: a fieldset per person, a remove button on each (above the minimum), and an add button. */
function People(props: {
  group: Group;
  heading: string;
  hint?: string;
  empty?: string;
  row: (n: number) => string;
  add: string;
  countries: Option[];
  min: number;
}) {
  const name = `corporate.${props.group}` as const;
  const { control, formState } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const error = errorAt(formState.errors, name);
  const headingId = `${fieldId(name)}-heading`;
  const fresh = () =>
    emptyPerson(
      props.group === "representatives"
        ? { idDocument: { number: "", kind: "" } }
        : props.group === "finalBeneficiaries"
          ? { ownershipPercentage: "" }
          : {},
    );
  return (
    <section className="people" aria-labelledby={headingId}>
      <h3 id={headingId}>{props.heading}</h3>
      {props.hint ? <p className="muted">{props.hint}</p> : null}
      {fields.length === 0 && props.empty ? <p className="muted">{props.empty}</p> : null}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="person">
          <legend>{props.row(index + 1)}</legend>
          <PersonFields
            prefix={`${name}.${index}`}
            countries={props.countries}
            idDocument={props.group === "representatives"}
            ownership={props.group === "finalBeneficiaries"}
          />
          {fields.length > props.min ? (
            <button type="button" className="link-button" onClick={() => remove(index)}>
              {kycCopy.remove}
              <span className="visually-hidden"> {props.row(index + 1)}</span>
            </button>
          ) : null}
        </fieldset>
      ))}
      {error ? (
        <p className="field-error" id={`${fieldId(name)}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={() => append(fresh())}>
        {props.add}
      </button>
    </section>
  );
}
