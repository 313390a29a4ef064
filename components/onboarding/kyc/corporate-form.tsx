"use client";

import { useForm } from "react-hook-form";
import { z } from "zod";
import { submitFormAction } from "@/app/(onboarding)/authorize/kyc-actions";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { corporateFormSchema, type CorporateForm } from "@/server/profiles/kyc.schemas";
import { schemaResolver } from "./form-helpers";
import { KycFormCard } from "./kyc-form-card";
import { codeOptions, SelectInput, TextInput } from "./inputs";

const schema = z.object({ corporate: corporateFormSchema });

type Values = {
  corporate: {
    service: string;
    legalForm: string;
    purpose: string;
    activity: string;
    fundOrigin: string;
    monthlyTurnover: string;
    monthlyTransactionCount: string;
  };
};

/** The corporate questionnaire: what the company does and how it will use the account. */
export function CorporateFormForm(props: { requestId: string }) {
  const text = kycCopy.form;
  const labels = text.labels;
  const form = useForm<Values, unknown, { corporate: CorporateForm }>({
    resolver: schemaResolver(schema),
    defaultValues: {
      corporate: {
        service: "",
        legalForm: "",
        purpose: "",
        activity: "",
        fundOrigin: "",
        monthlyTurnover: "",
        monthlyTransactionCount: "",
      },
    },
  });
  return (
    <KycFormCard
      form={form}
      heading={text.corporateHeading}
      intro={text.intro}
      action={(values) => submitFormAction({ request: props.requestId, ...values })}
    >
      <TextInput name="corporate.service" label={text.service} />
      <SelectInput name="corporate.legalForm" label={text.legalForm} options={codeOptions(labels.legalForms)} />
      <SelectInput name="corporate.purpose" label={text.purpose} options={codeOptions(labels.corporatePurposes)} />
      <SelectInput name="corporate.activity" label={text.activity} options={codeOptions(labels.corporateActivities)} />
      <SelectInput
        name="corporate.fundOrigin"
        label={text.fundOrigin}
        options={codeOptions(labels.corporateFundOrigins)}
      />
      <SelectInput
        name="corporate.monthlyTurnover"
        label={text.monthlyTurnover}
        options={codeOptions(labels.corporateTurnovers)}
      />
      <SelectInput
        name="corporate.monthlyTransactionCount"
        label={text.monthlyTransactionCount}
        options={codeOptions(labels.corporateTransactionCounts)}
      />
    </KycFormCard>
  );
}
