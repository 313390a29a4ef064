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

type FormProps = {
  entryId: string;
  onResolved: (entry: BankEntryView) => void;
  /** Four eyes: the return waits for a second operator. */
  onAwaiting?: () => void;
  onCancel: () => void;
};

type ActionOutcome =
  { ok: true; value: BankEntryView } | { ok: false; error?: string; fields?: Record<string, string> };

/**
 * Hands a resolved entry on, or puts the server's refusal where it belongs: the form's own field beside it, anything
 * else above the buttons.
 */
function settle<F extends "iban" | "reason">(
  result: ActionOutcome,
  field: F,
  setError: (name: F | "root", error: { message: string }) => void,
  onResolved: (entry: BankEntryView) => void,
): void {
  if (result.ok) return onResolved(result.value);
  const own = result.fields?.[field];
  if (own) setError(field, { message: own });
  const other = result.error ?? Object.entries(result.fields ?? {}).find(([key]) => key !== field)?.[1];
  if (other) setError("root", { message: other });
}

/** The form's submit (busy while it runs) and cancel. */
function FormActions(props: { busy: boolean; submit: string; tone: "primary" | "danger"; onCancel: () => void }) {
  return (
    <div className="row-actions">
      <button type="submit" className={props.tone} disabled={props.busy}>
        {props.busy ? text.busy : props.submit}
      </button>
      <button type="button" disabled={props.busy} onClick={props.onCancel}>
        {text.cancel}
      </button>
    </div>
  );
}

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
    settle(result, "iban", form.setError, props.onResolved);
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
      <FormActions busy={isSubmitting} submit={text.confirmAssign} tone="primary" onCancel={props.onCancel} />
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
    if (result.ok && "approval" in result.value) return props.onAwaiting?.();
    const outcome: ActionOutcome =
      result.ok && "entry" in result.value ? { ok: true, value: result.value.entry } : { ...result, ok: false };
    settle(outcome, "reason", form.setError, props.onResolved);
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
      <FormActions busy={isSubmitting} submit={text.confirmReturn} tone="danger" onCancel={props.onCancel} />
    </form>
  );
}
