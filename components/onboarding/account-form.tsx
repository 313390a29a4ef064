"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { signInAction, signUpAction, type FormResult } from "@/app/(onboarding)/actions";
import { signInSchema, signUpSchema, type SignIn } from "@/server/users/users.schemas";
import { account as accountCopy } from "@/components/copy/account";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

type Mode = "signup" | "login";

/** Sign up or log in, then continue the authorization request. Validation messages sit next to their fields. */
export function AccountForm(props: { next: string; email?: string; initialMode: Mode; allowSignUp?: boolean }) {
  const text = accountCopy;
  const [mode, setMode] = useState<Mode>(props.initialMode);
  const form = useForm<SignIn>({
    resolver: zodResolver(mode === "signup" ? signUpSchema : signInSchema),
    defaultValues: { email: props.email ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const action = mode === "signup" ? signUpAction : signInAction;
    const result: FormResult = await action({ ...values, next: props.next });
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      if (field === "email" || field === "password") form.setError(field, { message });
    }
    if (result.error) form.setError("root", { message: result.error });
  });

  const switchTo = (next: Mode) => {
    setMode(next);
    form.clearErrors();
  };

  return (
    <section className="card" aria-labelledby="account-heading">
      <div className="tabs" role="tablist" hidden={props.allowSignUp === false}>
        <button type="button" role="tab" aria-selected={mode === "signup"} onClick={() => switchTo("signup")}>
          {text.tabs.signup}
        </button>
        <button type="button" role="tab" aria-selected={mode === "login"} onClick={() => switchTo("login")}>
          {text.tabs.login}
        </button>
      </div>
      <h2 id="account-heading">{text.heading[mode]}</h2>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="email" label={text.email} error={errors.email?.message}>
          <input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            {...form.register("email")}
          />
        </Field>
        <Field id="password" label={text.password} error={errors.password?.message}>
          <input
            id="password"
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            aria-invalid={!!errors.password}
            {...form.register("password")}
          />
        </Field>
        <FormSubmit
          error={errors.root?.message}
          submitting={isSubmitting}
          label={text.submit[mode]}
          busyLabel={text.busy}
        />
      </form>
    </section>
  );
}
