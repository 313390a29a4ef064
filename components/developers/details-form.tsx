"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { updateApplicationAction } from "@/app/(console)/developers/actions";
import { developersCopy } from "@/components/copy/developers";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import { detailsFormSchema, formField, toInput, type DetailsForm } from "./application-form-schema";
import { RedirectUriRows } from "./redirect-uri-rows";

/** Renames the application and edits its redirect URIs, each validated next to its own input. */
export function ApplicationDetailsForm(props: { applicationId: string; name: string; redirectUris: string[] }) {
  const text = developersCopy.form;
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const form = useForm<DetailsForm>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: {
      name: props.name,
      redirectUris: (props.redirectUris.length > 0 ? props.redirectUris : [""]).map((uri) => ({ uri })),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    const result = await updateApplicationAction(props.applicationId, toInput(values));
    if (!result.ok) {
      for (const [key, message] of Object.entries(result.fields ?? {})) {
        form.setError(formField(key) as keyof DetailsForm, { message });
      }
      if (result.error) form.setError("root", { message: result.error });
      return;
    }
    setSaved(true);
    router.refresh();
  });

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">{developersCopy.settings.detailsHeading}</h2>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="name" label={text.name} error={errors.name?.message}>
          <input id="name" autoComplete="off" aria-invalid={!!errors.name} {...form.register("name")} />
        </Field>
        <RedirectUriRows control={form.control} register={form.register} errors={errors} />
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={text.save} busyLabel={text.saving} />
        <p role="status" className="muted">
          {saved ? text.saved : ""}
        </p>
      </form>
    </section>
  );
}
