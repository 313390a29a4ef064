"use client";

import { useState } from "react";
import { iban as ibanCopy } from "@/components/copy/iban";

/** Copies `value` to the clipboard and says so (to screen readers too). */
export function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy"
      aria-label={ibanCopy.copyLabel(props.label)}
      onClick={() =>
        void navigator.clipboard.writeText(props.value.replace(/\s+/g, "")).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          },
          () => setCopied(false),
        )
      }
    >
      <span aria-live="polite">{copied ? ibanCopy.copied : ibanCopy.copy}</span>
    </button>
  );
}
