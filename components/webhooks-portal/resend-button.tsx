"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { resendAction } from "@/app/(console)/developers/apps/[application]/webhooks/actions";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";

/** How often, and how many times, the page looks for the new attempt after a resend. */
const POLL_MS = 1_000;
const POLLS = 20;

/**
 * Sends the delivery once more; the worker makes the attempt within a moment, so the page reloads its data until
 * the attempt shows up (or it has looked for a while).
 */
export function ResendButton(props: { application: string; delivery: string; attempts: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [waitingFor, setWaitingFor] = useState<number>();
  const [polls, setPolls] = useState(0);
  const [message, setMessage] = useState<{ text: string; error: boolean }>();

  const waiting = waitingFor !== undefined && props.attempts < waitingFor && polls < POLLS;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      router.refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, router]);

  const resend = () =>
    startTransition(async () => {
      setMessage(undefined);
      const result = await resendAction({ application: props.application, delivery: props.delivery });
      if ("id" in result) {
        setMessage({ text: copy.detail.resent, error: false });
        setPolls(0);
        setWaitingFor(props.attempts + 1);
        router.refresh();
      } else {
        setMessage({ text: result.error ?? copy.unexpected, error: true });
      }
    });

  return (
    <div className="resend">
      <button type="button" className="primary" onClick={resend} disabled={pending} aria-describedby="resend-hint">
        {pending ? copy.detail.resending : copy.detail.resend}
      </button>
      <small id="resend-hint" className="muted">
        {copy.detail.resendHint}
      </small>
      <p role="status" className={message?.error ? "form-error" : "muted"}>
        {message?.text}
      </p>
    </div>
  );
}
