"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { setPasswordAction } from "@/app/(onboarding)/actions";
import { passwordSchema } from "@/server/users/users.schemas";
import { account as accountCopy } from "@/components/copy/account";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

const schema = z
  .object({ password: passwordSchema, repeat: z.string() })
  .refine((v) => v.password === v.repeat, { path: ["repeat"], message: accountCopy.setPassword.differ });

/** Choose a password through a set-password link. */
export function SetPasswordForm({ token }: { token: string }) {
  const [doneFor, setDoneFor] = useState<string>();
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", repeat: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const result = await setPasswordAction({ token, password });
    if (result.fields?.password) form.setError("password", { message: result.fields.password });
    if (result.error) form.setError("root", { message: result.error });
    if (result.email) setDoneFor(result.email);
  });
  const text = accountCopy.setPassword;
  if (doneFor) {
    const [before, email, after] = text.done(doneFor);
    return (
      <div className="card" role="status">
        {before}
        <strong>{email}</strong>
        {after}
      </div>
    );
  }
  return (
    <form className="card" method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field id="password" label={text.password} error={errors.password?.message}>
        <input id="password" type="password" autoComplete="new-password" {...form.register("password")} />
      </Field>
      <Field id="repeat" label={text.repeat} error={errors.repeat?.message}>
        <input id="repeat" type="password" autoComplete="new-password" {...form.register("repeat")} />
      </Field>
      <FormSubmit
        error={errors.root?.message}
        submitting={isSubmitting}
        label={text.submit}
        busyLabel={accountCopy.busy}
      />
    </form>
  );
}
