"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { bankCopy } from "@/components/copy/bank";
import { ImportReport, type ImportReportView } from "./import-report";
import { megabytes } from "./format";

const text = bankCopy.files;

type State =
  | { kind: "idle"; error?: string }
  | { kind: "uploading"; name: string; loaded: number; total: number }
  | { kind: "done"; name: string; report: ImportReportView };

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
 * Uploads a bank file to the admin API as it is (XML), with a progress bar, and shows the import report it answers;
 * the list of statements below is refreshed. A refusal (too large, not XML, schema-invalid) is shown beside the field.
 */
export function BankFileUpload({ limit }: { limit: number }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  const send = (file: File) => {
    if (file.size > limit) {
      setState({ kind: "idle", error: `${text.limit(megabytes(limit))}` });
      return;
    }
    setState({ kind: "uploading", name: file.name, loaded: 0, total: file.size });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/admin/bank/files?name=${encodeURIComponent(file.name.slice(0, 100))}`);
    xhr.setRequestHeader("content-type", "application/xml");
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ kind: "uploading", name: file.name, loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        setState({ kind: "done", name: file.name, report: JSON.parse(xhr.responseText) as ImportReportView });
        router.refresh();
      } else {
        setState({ kind: "idle", error: messageOf(xhr.responseText) ?? text.failed });
      }
    };
    xhr.onerror = () => setState({ kind: "idle", error: text.failed });
    xhr.send(file);
    if (input.current) input.current.value = "";
  };

  const error = state.kind === "idle" ? state.error : undefined;
  return (
    <>
      <div className="upload card" data-state={state.kind}>
        <label htmlFor="bank-file" className="upload-label">
          <strong>{text.upload}</strong>
          <span className="muted" id="bank-file-hint">
            {text.choose} · {text.limit(megabytes(limit))}
          </span>
        </label>
        <input
          ref={input}
          id="bank-file"
          type="file"
          accept=".xml,application/xml,text/xml"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "bank-file-error bank-file-hint" : "bank-file-hint"}
          disabled={state.kind === "uploading"}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) send(file);
          }}
        />
        {state.kind === "uploading" ? (
          <div className="upload-status">
            <progress aria-label={text.progress} max={state.total} value={state.loaded} />
            <span aria-live="polite">{text.uploading(state.name)}</span>
          </div>
        ) : null}
        {error ? (
          <p className="field-error" id="bank-file-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {state.kind === "done" ? <ImportReport report={state.report} name={state.name} /> : null}
    </>
  );
}
