"use client";

import { useState } from "react";
import { values as valuesCopy } from "@/components/copy/values";

/**
 * A value longer than the line it may land in: an address, IBAN, e-mail, transaction hash, id, secret or URL. On a
 * 360 px phone such a value, unbroken, widened the whole screen (C61), so every screen shows one through here: in
 * full and free to break anywhere, or (`short`) cut in the middle with the whole value in its title; beside it a
 * button, named after what it copies, that puts the whole value on the clipboard.
 */
export function LongValue(props: {
  /** The value itself: what the copy button copies. */
  value: string;
  /** What the value is, naming the copy button ("Copy IBAN"). */
  label: string;
  /** How it is written, when not as `value` (an IBAN in groups of four). */
  shown?: string;
  /** Cut in the middle, for a value that is only recognised here, never read whole (a hash in a table row). */
  short?: boolean;
  /** False for a value nobody copies from here (the signed-in person's own e-mail). */
  copy?: boolean;
  /** In the surrounding text's font rather than as code (an e-mail in a sentence). */
  plain?: boolean;
  id?: string;
  testId?: string;
  className?: string;
}) {
  const shown = props.shown ?? props.value;
  const Value = props.plain ? "span" : "code";
  return (
    <span className="long-value">
      <Value
        id={props.id}
        data-testid={props.testId}
        className={props.className}
        title={props.short ? props.value : undefined}
      >
        {props.short ? middleCut(shown) : shown}
      </Value>
      {props.copy === false ? null : (
        <>
          {" "}
          <CopyButton value={props.value} label={props.label} />
        </>
      )}
    </span>
  );
}

/** `0x1234abcd…9f8e7d`: enough of both ends to tell values apart at a glance. */
function middleCut(value: string): string {
  return value.length > 20 ? `${value.slice(0, 10)}…${value.slice(-6)}` : value;
}

/** Copies `value` to the clipboard and says so (to screen readers too). */
export function CopyButton(props: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="copy"
      aria-label={valuesCopy.copyLabel(props.label)}
      onClick={() =>
        void navigator.clipboard.writeText(props.value).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          },
          () => setCopied(false),
        )
      }
    >
      <span aria-live="polite">{copied ? valuesCopy.copied : valuesCopy.copy}</span>
    </button>
  );
}
