"use client";

import { demo as demoCopy } from "@/components/copy/demo";
import { ApiProblem } from "./demo-api";

/** A section still loading. */
export function Loading(props: { label: string }) {
  return (
    <p role="status" className="muted">
      {props.label}
    </p>
  );
}

/** A failed read: the API's own message (the spec's error body), and a way to ask again. */
export function QueryError(props: { error: unknown; onRetry: () => void }) {
  const { error } = props;
  const message =
    error instanceof ApiProblem ? error.summary : error instanceof Error ? error.message : demoCopy.problem;
  return (
    <div role="alert" className="demo-error">
      <p className="form-error">{message}</p>
      <button type="button" onClick={props.onRetry}>
        {demoCopy.retry}
      </button>
    </div>
  );
}
