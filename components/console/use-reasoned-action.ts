"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { OperatorResult } from "@/app/(console)/operator/as-operator";

export type ReasonedNotice = { error: boolean; text: string };

/**
 * An operator's decision that needs a reason (clearing or confirming a case, asking to unfreeze): the reason as
 * typed, refused at once when empty, the action run with it, and what came of it (the server's refusal, or the
 * confirmation) to show beside the reason; the page is read again once it is done.
 */
export function useReasonedAction(reasonRequired: string) {
  const router = useRouter();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ReasonedNotice | null>(null);

  const run = async (act: (reason: string) => Promise<OperatorResult<unknown>>, done: string) => {
    if (!reason.trim()) {
      setNotice({ error: true, text: reasonRequired });
      return;
    }
    setBusy(true);
    try {
      const result = await act(reason);
      if (result.ok) {
        setNotice({ error: false, text: done });
        router.refresh();
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

  return { reason, setReason, busy, notice, run };
}
