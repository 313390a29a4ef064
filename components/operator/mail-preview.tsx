"use client";

import { useState } from "react";

/**
 * A mail's HTML as sent, shown on request in a frame that runs no script and has no origin (`sandbox=""`), so the
 * mail cannot touch the console. The frame exists only while shown.
 */
export function MailPreview({ html, label, title }: { html: string; label: string; title: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button type="button" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {label}
      </button>
      {shown ? <iframe sandbox="" srcDoc={html} title={title} className="mail-html" /> : null}
    </div>
  );
}
