"use client";

import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { submitFormAction } from "@/app/(onboarding)/authorize/kyc-actions";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { personalFormSchema, type PersonalForm } from "@/server/profiles/kyc.schemas";
import { schemaResolver } from "./form-helpers";
import { KycFormCard } from "./kyc-form-card";
import { CheckboxGroup, codeOptions, SelectInput, TextInput, YesNo, type Option } from "./inputs";

const schema = z.object({ personal: personalFormSchema });

type Values = {
  personal: {
    occupation: string;
    profession: string;
    fundOrigin: string;
    annualIncome: string;
    monthlyTurnover: string;
    monthlyTransactionCount: string;
    activities: string[];
    activityOther: string;
    publicFunction?: boolean;
    fundOwner?: boolean;
    usCitizen?: boolean;
    usTaxPerson?: boolean;
    tin: string;
    taxResidenceCountry: string;
    enhancedDueDiligence?: { sourceOfFunds: string; sourceOfWealth: string; purposeOfRelationship: string };
  };
};

/**
 * The personal questionnaire: every code as a readable choice, activities as several, yes/no as radio buttons. A
 * person of a high-risk country (`edd` names them) also answers the enhanced due diligence questions.
 */
export function PersonalFormForm(props: { requestId: string; countries: Option[]; edd: string[] }) {
  const text = kycCopy.form;
  const labels = text.labels;
  const form = useForm<Values, unknown, { personal: PersonalForm }>({
    resolver: schemaResolver(schema),
    defaultValues: {
      personal: {
        occupation: "",
        profession: "",
        fundOrigin: "",
        annualIncome: "",
        monthlyTurnover: "",
        monthlyTransactionCount: "",
        activities: [],
        activityOther: "",
        tin: "",
        taxResidenceCountry: "",
        ...(props.edd.length > 0
          ? { enhancedDueDiligence: { sourceOfFunds: "", sourceOfWealth: "", purposeOfRelationship: "" } }
          : {}),
      },
    },
  });
  const other = useWatch({ control: form.control, name: "personal.activities" }).includes("ACTIVITY_OTHER");
  return (
    <KycFormCard
      form={form}
      heading={text.personalHeading}
      intro={text.intro}
      action={(values) => submitFormAction({ request: props.requestId, ...values })}
    >
      <SelectInput name="personal.occupation" label={text.occupation} options={codeOptions(labels.occupations)} />
      <SelectInput name="personal.profession" label={text.profession} options={codeOptions(labels.professions)} />
      <SelectInput
        name="personal.fundOrigin"
        label={text.fundOrigin}
        options={codeOptions(labels.personalFundOrigins)}
      />
      <SelectInput name="personal.annualIncome" label={text.annualIncome} options={codeOptions(labels.annualIncomes)} />
      <SelectInput
        name="personal.monthlyTurnover"
        label={text.monthlyTurnover}
        options={codeOptions(labels.personalTurnovers)}
      />
      <SelectInput
        name="personal.monthlyTransactionCount"
        label={text.monthlyTransactionCount}
        options={codeOptions(labels.personalTransactionCounts)}
      />
      <CheckboxGroup
        name="personal.activities"
        label={text.activities}
        options={codeOptions(labels.personalActivities)}
      />
      {other ? <TextInput name="personal.activityOther" label={text.activityOther} /> : null}
      <YesNo name="personal.publicFunction" label={text.publicFunction} />
      <YesNo name="personal.fundOwner" label={text.fundOwner} />
      <YesNo name="personal.usCitizen" label={text.usCitizen} />
      <YesNo name="personal.usTaxPerson" label={text.usTaxPerson} />
      <TextInput name="personal.tin" label={text.tin} />
      <SelectInput name="personal.taxResidenceCountry" label={text.taxResidenceCountry} options={props.countries} />
      {props.edd.length > 0 ? (
        <fieldset>
          <legend>{text.edd.heading}</legend>
          <p className="muted">{text.edd.intro(props.edd)}</p>
          <TextInput name="personal.enhancedDueDiligence.sourceOfFunds" label={text.edd.sourceOfFunds} />
          <TextInput name="personal.enhancedDueDiligence.sourceOfWealth" label={text.edd.sourceOfWealth} />
          <TextInput
            name="personal.enhancedDueDiligence.purposeOfRelationship"
            label={text.edd.purposeOfRelationship}
          />
        </fieldset>
      ) : null}
    </KycFormCard>
  );
}
