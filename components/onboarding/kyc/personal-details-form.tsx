"use client";

import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { submitDetailsAction } from "@/app/(onboarding)/authorize/kyc-actions";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { personalDetailsSchema, type PersonalDetails } from "@/server/profiles/kyc.schemas";
import { FormSubmit } from "../form-submit";
import { schemaResolver, showResult } from "./form-helpers";
import type { Option } from "./inputs";
import { emptyPerson, PersonFields, type PersonValues } from "./person-fields";

// Birthdays are judged by this browser's clock here; the server judges again by its own.
const schema = z.object({ personal: personalDetailsSchema(() => new Date()) });
type Values = { personal: PersonValues };

/** Personal details: who the person is, as on their ID document, and which document that is. */
export function PersonalDetailsForm(props: { requestId: string; countries: Option[] }) {
  const text = kycCopy;
  const router = useRouter();
  const form = useForm<Values, unknown, { personal: PersonalDetails }>({
    resolver: schemaResolver(schema),
    defaultValues: { personal: emptyPerson({ phone: "", email: "", idDocument: { number: "", kind: "" } }) },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submitDetailsAction({ request: props.requestId, ...values });
    if (showResult(form, result)) router.push(result.next);
  });
  return (
    <section className="card" aria-labelledby="kyc-heading">
      <h2 id="kyc-heading">{text.details.personalHeading}</h2>
      <p className="muted">{text.details.personalIntro}</p>
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <PersonFields prefix="personal" countries={props.countries} contact idDocument />
          <FormSubmit
            error={form.formState.errors.root?.message}
            submitting={form.formState.isSubmitting}
            label={text.submit}
            busyLabel={text.busy}
          />
        </form>
      </FormProvider>
    </section>
  );
}
