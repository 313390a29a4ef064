"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { submitVerificationsAction } from "@/app/(onboarding)/authorize/kyc-actions";
import type { StepResult } from "@/app/(onboarding)/authorize/onboarding-action";
import type { OnboardingFile } from "@/server/onboarding/upload-onboarding-file";
import { FormSubmit } from "../form-submit";
import { DocumentUpload, type UploadLimits } from "./document-upload";

/** One document the screen asks for: a verification kind, and which side of it when it has two. */
export type DocumentSlot = { kind: string; side?: "front" | "back"; label: string; required: boolean };

const slotKey = (slot: DocumentSlot) => `${slot.kind}-${slot.side ?? "document"}`;

/**
 * Documents for the verifications body: each slot is uploaded on its own, and the uploaded files of a kind become one
 * verification (`{kind, documents: [{fileId, name, side}]}`). A refusal about a verification or one of its documents
 * is shown at that verification's first slot.
 */
export function VerificationsForm(props: {
  requestId: string;
  profileKind: "personal" | "corporate";
  slots: DocumentSlot[];
  limits: UploadLimits;
  missing: string;
  submitLabel: string;
  busyLabel: string;
}) {
  const router = useRouter();
  const [files, setFiles] = useState<Record<string, OnboardingFile | undefined>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = Object.fromEntries(
      props.slots.filter((s) => s.required && !files[slotKey(s)]).map((s) => [slotKey(s), props.missing]),
    );
    setErrors(missing);
    setFormError(undefined);
    if (Object.keys(missing).length > 0) {
      document.getElementById(Object.keys(missing)[0]!)?.focus();
      return;
    }
    const kinds = [...new Set(props.slots.map((s) => s.kind))];
    const verifications = kinds
      .map((kind) => ({
        kind,
        documents: props.slots
          .filter((s) => s.kind === kind)
          .flatMap((s) => {
            const file = files[slotKey(s)];
            return file ? [{ fileId: file.id, name: file.name, ...(s.side ? { side: s.side } : {}) }] : [];
          }),
      }))
      .filter((v) => v.documents.length > 0);
    setSubmitting(true);
    const result: StepResult = await submitVerificationsAction({
      request: props.requestId,
      [props.profileKind]: verifications,
    });
    setSubmitting(false);
    const refused: Record<string, string> = {};
    for (const [path, message] of Object.entries(result.fields ?? {})) {
      const index = Number(path.split(".")[1]);
      const slot = props.slots.find((s) => s.kind === verifications[index]?.kind);
      if (slot) refused[slotKey(slot)] ??= message;
      else setFormError(message);
    }
    setErrors(refused);
    if (result.error) setFormError(result.error);
    if (result.next && !result.error && Object.keys(result.fields ?? {}).length === 0) router.push(result.next);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      {props.slots.map((slot) => (
        <DocumentUpload
          key={slotKey(slot)}
          id={slotKey(slot)}
          label={slot.label}
          limits={props.limits}
          value={files[slotKey(slot)]}
          error={errors[slotKey(slot)]}
          onChange={(file) => {
            setFiles((current) => ({ ...current, [slotKey(slot)]: file }));
            setErrors(({ [slotKey(slot)]: _, ...rest }) => rest);
          }}
        />
      ))}
      <FormSubmit error={formError} submitting={submitting} label={props.submitLabel} busyLabel={props.busyLabel} />
    </form>
  );
}
