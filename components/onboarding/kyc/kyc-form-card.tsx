"use client";

import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, type FieldValues, type UseFormReturn } from "react-hook-form";
import type { StepResult } from "@/app/(onboarding)/authorize/onboarding-action";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { FormSubmit } from "../form-submit";
import { showResult } from "./form-helpers";

/**
 * The frame every KYC form shares: a titled card, the form with its fields, the form-level error and the submit
 * button. A valid form goes to `action`; its refusals land beside their fields, its success moves to the next step.
 */
export function KycFormCard<V extends FieldValues, O extends FieldValues>(props: {
  form: UseFormReturn<V, unknown, O>;
  heading: string;
  intro: string;
  action: (values: O) => Promise<StepResult>;
  children: ReactNode;
}) {
  const { form } = props;
  const router = useRouter();
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await props.action(values);
    if (showResult(form, result)) router.push(result.next);
  });
  return (
    <section className="card" aria-labelledby="kyc-heading">
      <h2 id="kyc-heading">{props.heading}</h2>
      <p className="muted">{props.intro}</p>
      <FormProvider {...form}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          {props.children}
          <FormSubmit
            error={form.formState.errors.root?.message}
            submitting={form.formState.isSubmitting}
            label={kycCopy.submit}
            busyLabel={kycCopy.busy}
          />
        </form>
      </FormProvider>
    </section>
  );
}
