"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { blockAction, unblockAction, type ReviewResult } from "@/app/(console)/operator/review-actions";
import { operatorCopy } from "@/components/copy/operator";
import { Field } from "@/components/onboarding/field";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { blockSchema } from "@/server/profiles/review.schemas";
import { ConfirmStep } from "./confirm-step";

/**
 * Block a profile (with a reason) or lift its block. Either asks once more before it acts: blocking stops every
 * service for the customer.
 */
export function BlockForm(props: { profile: string; name: string; blocked: boolean }) {
  const text = operatorCopy.review.block;
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string>();
  const form = useForm<{ reason: string }>({ defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;

  const ask = form.handleSubmit(({ reason }) => {
    setDone(undefined);
    const checked = props.blocked ? undefined : blockSchema.safeParse({ reason });
    const problem = checked?.error?.issues.find((i) => i.path[0] === "reason");
    if (problem) form.setError("reason", { message: problem.message });
    else setConfirming(true);
  });
  const act = form.handleSubmit(async ({ reason }) => {
    const result: ReviewResult = props.blocked
      ? await unblockAction({ profile: props.profile })
      : await blockAction({ profile: props.profile, reason });
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
      <p className="muted">{props.blocked ? text.unblockIntro : text.blockIntro}</p>
      {props.blocked ? null : (
        <Field id="block-reason" label={text.reasonLabel} error={errors.reason?.message}>
          <textarea
            id="block-reason"
            rows={2}
            maxLength={500}
            aria-invalid={!!errors.reason}
            readOnly={confirming}
            {...form.register("reason")}
          />
        </Field>
      )}
      {errors.root?.message ? (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <ConfirmStep
        confirming={confirming}
        action={props.blocked ? text.unblock : text.block}
        question={props.blocked ? text.confirmUnblock(props.name) : text.confirmBlock(props.name)}
        yes={props.blocked ? text.yesUnblock : text.yesBlock}
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
