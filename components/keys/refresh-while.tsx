"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Reads the page again every `everyMs` while `active` (work under way), so its progress moves without a reload. */
export function RefreshWhile(props: { active: boolean; everyMs?: number }) {
  const router = useRouter();
  const { active, everyMs = 2_000 } = props;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, router]);
  return null;
}
