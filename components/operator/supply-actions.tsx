"use client";

import { useState } from "react";
import { acknowledgeAlertAction, askReleaseAction } from "@/app/(console)/operator/supply/actions";
import { operatorCopy } from "@/components/copy/operator";

const text = operatorCopy.supply;

/** Asks for a held mint's release: a second operator then approves it on the approvals page. */
export function AskReleaseButton(props: { orderId: string }) {
  const [state, setState] = useState<{ busy?: boolean; done?: boolean; error?: string }>({});
  if (state.done) return <span>{text.asked}</span>;
  return (
    <span>
      <button
        type="button"
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true });
          void askReleaseAction({ orderId: props.orderId }).then((r) =>
            setState(r.ok ? { done: true } : { error: r.error ?? Object.values(r.fields ?? {})[0] }),
          );
        }}
      >
        {state.busy ? text.busy : text.askRelease}
      </button>
      {state.error ? (
        <span className="form-error" role="alert">
          {state.error}
        </span>
      ) : null}
    </span>
  );
}

/** An admin acknowledges an alert with a note: mints stopped by it go again. */
export function AcknowledgeForm(props: { alertId: string }) {
  const [note, setNote] = useState("");
  const [state, setState] = useState<{ busy?: boolean; done?: boolean; error?: string }>({});
  if (state.done) return <span>{text.acknowledged}</span>;
  const id = `note-${props.alertId}`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setState({ busy: true });
        void acknowledgeAlertAction({ alertId: props.alertId, note }).then((r) =>
          setState(r.ok ? { done: true } : { error: r.fields?.note ?? r.error }),
        );
      }}
    >
      <label htmlFor={id}>{text.note}</label>
      <input id={id} value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={state.busy}>
        {state.busy ? text.busy : text.acknowledge}
      </button>
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
