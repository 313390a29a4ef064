"use client";

/**
 * The two steps of a grave operator action in a form: its button first, then the question with "yes" (which submits
 * the form) and "cancel". The button waits for React, so an early click cannot fall through to a native submission.
 */
export function ConfirmStep(props: {
  confirming: boolean;
  /** The action's name: the first button, and the name of the question's group. */
  action: string;
  question: string;
  yes: string;
  cancel: string;
  busy: boolean;
  hydrated: boolean;
  onCancel: () => void;
}) {
  if (!props.confirming) {
    return (
      <div className="actions">
        <button type="submit" disabled={props.busy || !props.hydrated}>
          {props.action}
        </button>
      </div>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={props.action}>
      <p>{props.question}</p>
      <div className="actions">
        <button type="submit" className="danger" disabled={props.busy}>
          {props.yes}
        </button>
        <button type="button" disabled={props.busy} onClick={props.onCancel}>
          {props.cancel}
        </button>
      </div>
    </div>
  );
}
