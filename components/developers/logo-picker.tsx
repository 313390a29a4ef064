"use client";

import Image from "next/image";
import { useEffect, useState } from "react";
import { developersCopy } from "@/components/copy/developers";
import { LOGO_SIZE_LIMIT, LOGO_TYPES } from "@/server/applications/check-logo";

/**
 * Chooses a logo and previews it before anything is sent. What the browser says of the file is only a first check:
 * the server judges the type by the content.
 */
export function LogoPicker(props: {
  id: string;
  label: string;
  error?: string;
  onChange: (file: File | undefined, problem?: string) => void;
}) {
  const text = developersCopy.form;
  const [preview, setPreview] = useState<string>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (file: File | undefined) => {
    setPreview(undefined);
    if (!file) return props.onChange(undefined);
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return props.onChange(undefined, text.logoType);
    if (file.size > LOGO_SIZE_LIMIT) return props.onChange(undefined, text.logoSize);
    setPreview(URL.createObjectURL(file));
    props.onChange(file);
  };

  return (
    <div className="field logo-picker">
      <label htmlFor={props.id}>{props.label}</label>
      <p className="muted" id={`${props.id}-hint`}>
        {text.logoHint}
      </p>
      <input
        id={props.id}
        type="file"
        accept={LOGO_TYPES.join(",")}
        aria-invalid={!!props.error}
        aria-describedby={`${props.id}-hint${props.error ? ` ${props.id}-error` : ""}`}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {preview ? (
        <Image unoptimized className="logo-preview" src={preview} alt={text.logoPreview} width={64} height={64} />
      ) : null}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
