"use client";

import { account as accountCopy } from "@/components/copy/account";
import { useHydrated } from "./use-hydrated";

/**
 * The end of every browser-handled form: the form-level error, then the submit button, disabled while submitting
 * and until React has taken over the page.
 */
export function FormSubmit(props: { error?: string; submitting: boolean; label: string; busyLabel?: string }) {
  const hydrated = useHydrated();
  return (
    <>
      {props.error ? (
        <p className="form-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <button className="primary" type="submit" disabled={props.submitting || !hydrated}>
        {props.submitting ? (props.busyLabel ?? accountCopy.busy) : props.label}
      </button>
    </>
  );
}
