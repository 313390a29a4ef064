"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { chooseProfileAction } from "@/app/(onboarding)/authorize/step-actions";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { chooseProfileSchema, type ChooseProfile } from "@/server/onboarding/onboarding.schemas";
import { FormSubmit } from "./form-submit";

/** The profile step: two large choices, personal or corporate. */
export function ProfileKindForm(props: { requestId: string; initial?: "personal" | "corporate" }) {
  const text = onboardingCopy.profile;
  const router = useRouter();
  const form = useForm<ChooseProfile>({
    resolver: zodResolver(chooseProfileSchema),
    defaultValues: { request: props.requestId, kind: props.initial },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await chooseProfileAction(values);
    if (result.error) form.setError("root", { message: result.error });
    else if (result.next) router.push(result.next);
  });
  return (
    <section className="card" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{text.heading}</h2>
      <p className="muted">{text.intro}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset className="choices" aria-describedby={errors.kind ? "kind-error" : undefined}>
          <legend className="visually-hidden">{text.heading}</legend>
          <label className="choice">
            <input type="radio" value="personal" {...form.register("kind")} />
            <span>
              <strong>{text.personal}</strong>
              <small>{text.personalHint}</small>
            </span>
          </label>
          <label className="choice">
            <input type="radio" value="corporate" {...form.register("kind")} />
            <span>
              <strong>{text.corporate}</strong>
              <small>{text.corporateHint}</small>
            </span>
          </label>
        </fieldset>
        {errors.kind ? (
          <p className="field-error" id="kind-error" role="alert">
            {text.missing}
          </p>
        ) : null}
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={text.submit} busyLabel={text.busy} />
      </form>
    </section>
  );
}
