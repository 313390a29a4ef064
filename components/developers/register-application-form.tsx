"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { registerApplicationAction } from "@/app/(console)/developers/actions";
import { developersCopy } from "@/components/copy/developers";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import type { RegisteredApplication } from "@/server/applications/register-application";
import { formField, registerFormSchema, toInput, type RegisterForm } from "./application-form-schema";
import { LogoPicker } from "./logo-picker";
import { RedirectUriRows } from "./redirect-uri-rows";
import { CopyableValue, SecretOnce } from "./secret-once";

type Profile = { id: string; label: string };

/** Registers an application; afterwards shows both client IDs and the client secret, the secret this once. */
export function RegisterApplicationForm(props: { profiles: Profile[] }) {
  const text = developersCopy.form;
  const router = useRouter();
  const [registered, setRegistered] = useState<RegisteredApplication & { name: string }>();
  const [logo, setLogo] = useState<File>();
  const [logoError, setLogoError] = useState<string>();
  const form = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: "",
      profileId: props.profiles[0]?.id ?? "",
      kycModel: "sharing",
      redirectUris: [{ uri: "" }],
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (logoError) return;
    const body = new FormData();
    body.set("values", JSON.stringify(toInput(values)));
    if (logo) body.set("logo", logo);
    const result = await registerApplicationAction(body);
    if (!result.ok) {
      for (const [key, message] of Object.entries(result.fields ?? {})) {
        if (key === "logo") setLogoError(message);
        else form.setError(formField(key) as keyof RegisterForm, { message });
      }
      if (result.error) form.setError("root", { message: result.error });
      return;
    }
    setRegistered({ ...result.value, name: values.name });
    form.reset();
    setLogo(undefined);
    router.refresh();
  });

  if (registered) return <Registered app={registered} onDone={() => setRegistered(undefined)} />;

  return (
    <section className="card" aria-labelledby="register-heading">
      <h2 id="register-heading">{text.registerHeading}</h2>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="name" label={text.name} error={errors.name?.message}>
          <input id="name" autoComplete="off" aria-invalid={!!errors.name} {...form.register("name")} />
        </Field>
        {props.profiles.length > 1 ? (
          <Field id="profileId" label={text.profile} error={errors.profileId?.message}>
            <select id="profileId" {...form.register("profileId")}>
              {props.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <RedirectUriRows control={form.control} register={form.register} errors={errors} />
        <fieldset className="kyc-model">
          <legend>{text.kycModel}</legend>
          {(["sharing", "reliance"] as const).map((model) => (
            <label className="choice" key={model}>
              <input type="radio" value={model} {...form.register("kycModel")} />
              <span>
                <strong>{text[model]}</strong>
                <small>{text[`${model}Hint`]}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <LogoPicker
          id="logo"
          label={text.logo}
          error={logoError}
          onChange={(file, problem) => {
            setLogo(file);
            setLogoError(problem);
          }}
        />
        <FormSubmit
          error={errors.root?.message}
          submitting={isSubmitting}
          label={text.register}
          busyLabel={text.registering}
        />
      </form>
    </section>
  );
}

function Registered(props: { app: RegisteredApplication & { name: string }; onDone: () => void }) {
  const text = developersCopy.registered;
  return (
    <section className="card" aria-labelledby="registered-heading">
      <h2 id="registered-heading">{text.heading(props.app.name)}</h2>
      <dl className="facts">
        <CopyableValue id="registered-code-client" label={text.codeClientId} value={props.app.codeClientId} />
        <CopyableValue id="registered-client" label={text.clientId} value={props.app.clientId} />
      </dl>
      <SecretOnce id="registered-secret" label={text.clientSecret} value={props.app.clientSecret} warning={text.once} />
      <p className="actions">
        <Link className="button primary" href={`/developers/apps/${props.app.applicationId}`}>
          {text.open}
        </Link>{" "}
        <button type="button" onClick={props.onDone}>
          {text.another}
        </button>
      </p>
    </section>
  );
}
