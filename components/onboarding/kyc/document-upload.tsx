"use client";

import { useRef, useState, type DragEvent } from "react";
import { kyc as kycCopy } from "@/components/copy/kyc";
import type { OnboardingFile } from "@/server/onboarding/upload-onboarding-file";
import { sniffType, SNIFF_BYTES } from "@/server/files/sniff";

export type UploadLimits = { uploadUrl: string; sizeLimit: number; acceptedTypes: readonly string[] };

type State =
  | { kind: "idle"; error?: string }
  | { kind: "uploading"; file: File; loaded: number; total: number }
  | { kind: "failed"; file: File; error: string }
  | { kind: "done"; uploaded: OnboardingFile };

const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 10) / 10);

/** Why the file cannot be sent, judged as the server will judge it (size limit, then type by content). */
async function refusal(file: File, limits: UploadLimits): Promise<string | undefined> {
  const text = kycCopy.upload;
  if (file.size === 0) return text.empty;
  if (file.size > limits.sizeLimit) return text.tooLarge(megabytes(limits.sizeLimit));
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = sniffType(head);
  return type && limits.acceptedTypes.includes(type) ? undefined : text.wrongType;
}

/** The message of the service's error body, if the answer is one. */
function messageOf(responseText: string): string | undefined {
  try {
    const body = JSON.parse(responseText) as { message?: unknown; errors?: Record<string, unknown> };
    const field = body.errors?.file;
    if (typeof field === "string") return field;
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One document: a file input that also takes a dropped file, checked before it is sent, uploaded with a progress
 * bar, then shown by name and size. A failed upload can be retried; an uploaded one replaced.
 */
export function DocumentUpload(props: {
  id: string;
  label: string;
  limits: UploadLimits;
  value?: OnboardingFile;
  error?: string;
  onChange: (file: OnboardingFile | undefined) => void;
}) {
  const text = kycCopy.upload;
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>(props.value ? { kind: "done", uploaded: props.value } : { kind: "idle" });
  const [dragging, setDragging] = useState(false);

  const send = (file: File) => {
    setState({ kind: "uploading", file, loaded: 0, total: file.size });
    const xhr = new XMLHttpRequest();
    xhr.open("POST", props.limits.uploadUrl);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setState({ kind: "uploading", file, loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        const uploaded = JSON.parse(xhr.responseText) as OnboardingFile;
        setState({ kind: "done", uploaded });
        props.onChange(uploaded);
      } else {
        setState({ kind: "failed", file, error: messageOf(xhr.responseText) ?? text.failed });
      }
    };
    xhr.onerror = () => setState({ kind: "failed", file, error: text.failed });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    props.onChange(undefined);
    const refused = await refusal(file, props.limits);
    if (refused) setState({ kind: "idle", error: refused });
    else send(file);
    if (input.current) input.current.value = "";
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void choose(e.dataTransfer.files[0]);
  };

  const error = state.kind === "idle" || state.kind === "failed" ? state.error : undefined;
  const shown = error ?? props.error;
  const errorId = `${props.id}-error`;
  return (
    <div
      className={`upload${dragging ? " upload-dragging" : ""}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-state={state.kind}
    >
      <label htmlFor={props.id} className="upload-label">
        <strong>{props.label}</strong>
        <span className="muted">
          {state.kind === "done" ? text.replace : text.choose} · {text.hint(megabytes(props.limits.sizeLimit))}
        </span>
      </label>
      <input
        ref={input}
        id={props.id}
        type="file"
        accept={props.limits.acceptedTypes.join(",")}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        disabled={state.kind === "uploading"}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {state.kind === "uploading" || state.kind === "done" ? (
        <div className="upload-status">
          <progress
            aria-label={text.progress(props.label)}
            max={state.kind === "done" ? state.uploaded.size : state.total}
            value={state.kind === "done" ? state.uploaded.size : state.loaded}
          />
          <span aria-live="polite">
            {state.kind === "done"
              ? `${text.uploaded}: ${state.uploaded.name} (${text.size(state.uploaded.size)})`
              : `${text.uploading} ${state.file.name} (${text.size(state.file.size)})`}
          </span>
        </div>
      ) : null}
      {shown ? (
        <p className="field-error" id={errorId} role="alert">
          {shown}
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <button type="button" onClick={() => send(state.file)}>
          {text.retry}
        </button>
      ) : null}
    </div>
  );
}
