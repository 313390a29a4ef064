"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { assignExceptionAction, returnExceptionAction } from "@/app/(console)/operator/bank/actions";
import { bankCopy } from "@/components/copy/bank";
import { Field } from "@/components/onboarding/field";
import type { BankEntryView } from "@/server/bank/operator/bank-operator.responses";
import { assignExceptionSchema, returnExceptionSchema } from "@/server/bank/operator/bank-operator.schemas";

const text = bankCopy.exceptions;

type FormProps = { entryId: string; onResolved: (entry: BankEntryView) => void; onCancel: () => void };

function RootError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The IBAN an exception is assigned to: checked with the server's schema, its error beside the field. */
export function AssignForm(props: FormProps) {
  const form = useForm<z.input<typeof assignExceptionSchema>, unknown, z.output<typeof assignExceptionSchema>>({
    resolver: zodResolver(assignExceptionSchema),
    defaultValues: { iban: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `iban-${props.entryId}`;
  const onSubmit = form.handleSubmit(async ({ iban }) => {
    const result = await assignExceptionAction({ entryId: props.entryId, iban });
    if (result.ok) return props.onResolved(result.value);
    if (result.fields?.iban) form.setError("iban", { message: result.fields.iban });
    const other = result.error ?? Object.entries(result.fields ?? {}).find(([key]) => key !== "iban")?.[1];
    if (other) form.setError("root", { message: other });
  });
  return (
    <form className="bank-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={text.assign}>
      <Field id={id} label={text.ibanLabel} error={errors.iban?.message}>
        <input
          id={id}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.iban ? true : undefined}
          aria-describedby={errors.iban ? `${id}-error ${id}-hint` : `${id}-hint`}
          {...form.register("iban")}
        />
      </Field>
      <p className="muted" id={`${id}-hint`}>
        {text.ibanHint}
      </p>
      <RootError message={errors.root?.message} />
      <div className="row-actions">
        <button type="submit" className="primary" disabled={isSubmitting}>
          {isSubmitting ? text.busy : text.confirmAssign}
        </button>
        <button type="button" disabled={isSubmitting} onClick={props.onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

/** Why an exception goes back to its sender: required, its error beside the field. */
export function ReturnForm(props: FormProps) {
  const form = useForm<z.input<typeof returnExceptionSchema>, unknown, z.output<typeof returnExceptionSchema>>({
    resolver: zodResolver(returnExceptionSchema),
    defaultValues: { reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `return-reason-${props.entryId}`;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const result = await returnExceptionAction({ entryId: props.entryId, reason });
    if (result.ok) return props.onResolved(result.value);
    if (result.fields?.reason) form.setError("reason", { message: result.fields.reason });
    const other = result.error ?? Object.entries(result.fields ?? {}).find(([key]) => key !== "reason")?.[1];
    if (other) form.setError("root", { message: other });
  });
  return (
    <form className="bank-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={text.return}>
      <Field id={id} label={text.reasonLabel} error={errors.reason?.message}>
        <textarea
          id={id}
          rows={2}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-error ${id}-hint` : `${id}-hint`}
          {...form.register("reason")}
        />
      </Field>
      <p className="muted" id={`${id}-hint`}>
        {text.reasonHint}
      </p>
      <RootError message={errors.root?.message} />
      <div className="row-actions">
        <button type="submit" className="danger" disabled={isSubmitting}>
          {isSubmitting ? text.busy : text.confirmReturn}
        </button>
        <button type="button" disabled={isSubmitting} onClick={props.onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
