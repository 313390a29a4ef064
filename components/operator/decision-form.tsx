"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { decideAction, type ReviewResult } from "@/app/(console)/operator/review-actions";
import { operatorCopy } from "@/components/copy/operator";
import { Field } from "@/components/onboarding/field";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { decisionSchema } from "@/server/profiles/review.schemas";

type Target = { profile: string; section?: "details" | "form" | "verification"; kind?: string };

/**
 * Approve or reject one section awaiting review, or every one of them (no `section`). The reason is checked with the
 * admin API's own schema: a rejection without one is refused next to the field before anything is sent.
 */
export function DecisionForm(props: Target & { id: string }) {
  const text = operatorCopy.review.decision;
  const hydrated = useHydrated();
  const [done, setDone] = useState<string>();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;
  const reasonId = `${props.id}-reason`;

  const send = (decision: "approve" | "reject") =>
    form.handleSubmit(async ({ reason }) => {
      setDone(undefined);
      const body = {
        decision,
        reason: reason.trim() || undefined,
        section: props.section,
        kind: props.section === "verification" ? props.kind : undefined,
      };
      const checked = decisionSchema.safeParse(body);
      const result: ReviewResult = checked.success
        ? await decideAction({ profile: props.profile, ...body })
        : { fields: Object.fromEntries(checked.error.issues.map((i) => [i.path.join("."), i.message])) };
      for (const [field, message] of Object.entries(result.fields ?? {})) {
        form.setError(field === "reason" ? "reason" : "root", { message });
      }
      if (result.error) form.setError("root", { message: result.error });
      if (result.done) {
        form.reset();
        setDone(result.done);
      }
    });

  return (
    <form className="decision" onSubmit={(e) => e.preventDefault()} noValidate>
      <Field id={reasonId} label={text.reasonLabel} error={errors.reason?.message}>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={500}
          aria-invalid={!!errors.reason}
          aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ""}`}
          {...form.register("reason")}
        />
        <small id={`${reasonId}-hint`} className="muted">
          {text.reasonHint}
        </small>
      </Field>
      {errors.root?.message ? (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={isSubmitting || !hydrated}
          onClick={(e) => void send("approve")(e)}
        >
          {isSubmitting ? text.busy : props.section ? text.approve : text.approveAll}
        </button>
        <button type="button" disabled={isSubmitting || !hydrated} onClick={(e) => void send("reject")(e)}>
          {props.section ? text.reject : text.rejectAll}
        </button>
      </div>
      {done ? (
        <p role="status" className="notice">
          {done}
        </p>
      ) : null}
    </form>
  );
}
