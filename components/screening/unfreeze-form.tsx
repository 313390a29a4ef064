"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { OperatorResult } from "@/app/(console)/operator/as-operator";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.frozen;

/** The reason, then the request that a second officer unfreeze the profile; a refusal shows beside the reason. */
export function UnfreezeForm(props: {
  profileId: string;
  name: string;
  ask: (input: unknown) => Promise<OperatorResult<string>>;
}) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const id = `unfreeze-${props.profileId}`;

  const submit = async () => {
    if (!reason.trim()) {
      setNotice({ error: true, text: text.reasonRequired });
      return;
    }
    setBusy(true);
    try {
      const result = await props.ask({ profileId: props.profileId, reason });
      if (result.ok) {
        setNotice({ error: false, text: text.asked });
        router.refresh();
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

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
