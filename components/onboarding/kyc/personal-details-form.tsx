"use client";

import { useForm } from "react-hook-form";
import { z } from "zod";
import { submitDetailsAction } from "@/app/(onboarding)/authorize/kyc-actions";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { personalDetailsSchema, type PersonalDetails } from "@/server/profiles/kyc.schemas";
import { schemaResolver } from "./form-helpers";
import { KycFormCard } from "./kyc-form-card";
import type { Option } from "./inputs";
import { emptyPerson, PersonFields, type PersonValues } from "./person-fields";

// Birthdays are judged by this browser's clock here; the server judges again by its own.
const schema = z.object({ personal: personalDetailsSchema(() => new Date()) });
type Values = { personal: PersonValues };

/** Personal details: who the person is, as on their ID document, and which document that is. */
export function PersonalDetailsForm(props: { requestId: string; countries: Option[] }) {
  const text = kycCopy;
  const form = useForm<Values, unknown, { personal: PersonalDetails }>({
    resolver: schemaResolver(schema),
    defaultValues: { personal: emptyPerson({ phone: "", email: "", idDocument: { number: "", kind: "" } }) },
  });
  return (
    <KycFormCard
      form={form}
      heading={text.details.personalHeading}
      intro={text.details.personalIntro}
      action={(values) => submitDetailsAction({ request: props.requestId, ...values })}
    >
      <PersonFields prefix="personal" countries={props.countries} contact idDocument />
    </KycFormCard>
  );
}
