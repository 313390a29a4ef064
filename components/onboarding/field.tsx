import type { ReactNode } from "react";

/** A labelled input with its validation message right beside it. */
export function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
