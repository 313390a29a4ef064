"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { megabytes } from "@/components/bank/format";

export type FileUploadCopy = {
  upload: string;
  choose: string;
  limit: (mb: string) => string;
  uploading: (name: string) => string;
  progress: string;
  failed: string;
};

type State =
  | { kind: "idle"; error?: string }
  | { kind: "uploading"; name: string; loaded: number; total: number }
  | { kind: "done"; name: string; body: string };

/** The error body's message, and the first field problem (a schema error names the element). */
function messageOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; errors?: Record<string, unknown> };
    const first = parsed.errors ? Object.entries(parsed.errors)[0] : undefined;
    const message = typeof parsed.message === "string" ? parsed.message : undefined;
    return first ? `${message ?? ""} ${first[0]}: ${String(first[1])}`.trim() : message;
  } catch {
    return undefined;
  }
}

/**
 * Uploads one file to an admin API route as it is (its bytes are the body), with a progress bar, and shows what the
 * route answered (`result`); the page's data is refreshed. A refusal (too large, wrong type, invalid) is shown
 * beside the field. Used for bank statements and sanctions lists.
 */
export function FileUpload(props: {
  id: string;
  limit: number;
  accept: string;
  copy: FileUploadCopy;
  /** Where the file goes, for a file of this name. */
  url: (name: string) => string;
  contentType: (file: File) => string;
  result: (body: string, name: string) => ReactNode;
}) {
  const { id, limit, copy } = props;
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  const send = (file: File) => {
    if (file.size > limit) {
      setState({ kind: "idle", error: `${copy.limit(megabytes(limit))}` });
      return;
    }
    setState({ kind: "uploading", name: file.name, loaded: 0, total: file.size });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", props.url(file.name.slice(0, 100)));
    xhr.setRequestHeader("content-type", props.contentType(file));
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ kind: "uploading", name: file.name, loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        setState({ kind: "done", name: file.name, body: xhr.responseText });
        router.refresh();
      } else {
        setState({ kind: "idle", error: messageOf(xhr.responseText) ?? copy.failed });
      }
    };
    xhr.onerror = () => setState({ kind: "idle", error: copy.failed });
    xhr.send(file);
    if (input.current) input.current.value = "";
  };

  const error = state.kind === "idle" ? state.error : undefined;
  return (
    <>
      <div className="upload card" data-state={state.kind}>
        <label htmlFor={id} className="upload-label">
          <strong>{copy.upload}</strong>
          <span className="muted" id={`${id}-hint`}>
            {copy.choose} · {copy.limit(megabytes(limit))}
          </span>
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={props.accept}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          disabled={state.kind === "uploading"}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send(file);
          }}
        />
        {state.kind === "uploading" ? (
          <div className="upload-status">
            <progress aria-label={copy.progress} max={state.total} value={state.loaded} />
            <span aria-live="polite">{copy.uploading(state.name)}</span>
          </div>
        ) : null}
        {error ? (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {state.kind === "done" ? props.result(state.body, state.name) : null}
    </>
  );
}
