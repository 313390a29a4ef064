"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { OperatorResult } from "@/app/(console)/operator/as-operator";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.testList;

/** The sandbox's "publish list update" button: the test list's next version, then the page shows it. */
export function PublishTestUpdate(props: { publish: (input: unknown) => Promise<OperatorResult<number>> }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const result = await props.publish({});
      setNotice(
        result.ok
          ? { error: false, text: text.published(result.value) }
          : { error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") },
      );
      if (result.ok) router.refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <p>
      <button type="button" disabled={busy} onClick={() => void run()}>
        {busy ? text.publishing : text.publish}
      </button>{" "}
      {notice ? (
        <span className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </span>
      ) : null}
    </p>
  );
}
