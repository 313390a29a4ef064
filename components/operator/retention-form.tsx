"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ReviewResult } from "@/app/(console)/operator/review-actions";
import { closeProfileAction, erasureRequestAction } from "@/app/(console)/operator/retention-actions";
import { operatorCopy } from "@/components/copy/operator";
import { Field } from "@/components/onboarding/field";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { operatorReasonSchema } from "@/server/retention/retention.schemas";
import { ConfirmStep } from "./confirm-step";

/**
 * Close a profile, or record its customer's erasure request (C71), each with the reason the audit log keeps. Either
 * asks once more before it acts: neither can be undone.
 */
export function RetentionForm(props: { profile: string; name: string; kind: "close" | "erase" }) {
  const text = operatorCopy.review.retention;
  const closing = props.kind === "close";
  const id = `retention-${props.kind}`;
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;

  const ask = form.handleSubmit(({ reason }) => {
    setDone(undefined);
    const problem = operatorReasonSchema.safeParse({ reason }).error?.issues[0];
    if (problem) form.setError("reason", { message: problem.message });
    else setConfirming(true);
  });
  const act = form.handleSubmit(async ({ reason }) => {
    const input = { profile: props.profile, reason };
    const result: ReviewResult = closing ? await closeProfileAction(input) : await erasureRequestAction(input);
    setConfirming(false);
    if (result.fields?.reason) form.setError("reason", { message: result.fields.reason });
    if (result.error) form.setError("root", { message: result.error });
    if (result.done) {
      form.reset();
      setDone(result.done);
    }
  });

  return (
    <form className="block-form" onSubmit={(e) => void (confirming ? act(e) : ask(e))} noValidate>
      <Field id={id} label={closing ? text.closeLabel : text.eraseLabel} error={errors.reason?.message}>
        <textarea
          id={id}
          rows={2}
          maxLength={500}
          aria-invalid={!!errors.reason}
          readOnly={confirming}
          {...form.register("reason")}
        />
      </Field>
      {errors.root?.message ? (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <ConfirmStep
        confirming={confirming}
        action={closing ? text.close : text.erase}
        question={closing ? text.confirmClose(props.name) : text.confirmErase(props.name)}
        yes={closing ? text.yesClose : text.yesErase}
        cancel={text.cancel}
        busy={isSubmitting}
        hydrated={hydrated}
        onCancel={() => setConfirming(false)}
      />
      {done ? (
        <p role="status" className="notice">
          {done}
        </p>
      ) : null}
    </form>
  );
}
