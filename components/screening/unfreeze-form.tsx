"use client";

import type { OperatorResult } from "@/app/(console)/operator/as-operator";
import { useReasonedAction } from "@/components/console/use-reasoned-action";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.frozen;

/** The reason, then the request that a second officer unfreeze the profile; a refusal shows beside the reason. */
export function UnfreezeForm(props: {
  profileId: string;
  name: string;
  ask: (input: unknown) => Promise<OperatorResult<string>>;
}) {
  const { reason, setReason, busy, notice, run } = useReasonedAction(text.reasonRequired);
  const id = `unfreeze-${props.profileId}`;
  const submit = () => run((reason) => props.ask({ profileId: props.profileId, reason }), text.asked);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <div className="field">
        <label htmlFor={id}>{text.reason(props.name)}</label>
        <textarea
          id={id}
          rows={2}
          value={reason}
          maxLength={2000}
          aria-invalid={notice?.error ? true : undefined}
          aria-describedby={notice ? `${id}-notice` : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <button type="submit" disabled={busy}>
        {text.ask}
      </button>
      {notice ? (
        <p
          id={`${id}-notice`}
          className={notice.error ? "form-error" : "notice"}
          role={notice.error ? "alert" : "status"}
        >
          {notice.text}
        </p>
      ) : null}
    </form>
  );
}
