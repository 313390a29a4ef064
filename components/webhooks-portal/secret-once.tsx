"use client";

import { useEffect, useRef } from "react";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { LongValue } from "@/components/layout/long-value";

/** A new endpoint's signing secret, shown this once, with a copy button; focus moves here so it is not missed. */
export function SecretOnce(props: { url: string; secret: string; onDismiss: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="secret-once webhook-secret" aria-labelledby="secret-heading" role="status">
      <h2 id="secret-heading" tabIndex={-1} ref={heading}>
        {copy.secret.heading}
      </h2>
      <p>
        {copy.secret.body} <LongValue value={props.url} label={copy.secret.urlLabel} />
      </p>
      <p className="secret-value">
        <LongValue testId="webhook-secret" value={props.secret} label={copy.secret.label} />
      </p>
      <p>
        <strong>{copy.secret.warning}</strong>
      </p>
      <button type="button" onClick={props.onDismiss}>
        {copy.secret.dismiss}
      </button>
    </section>
  );
}
