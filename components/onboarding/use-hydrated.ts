"use client";

import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False until React has taken over the page (the server's snapshot), true after. Forms handled in the browser keep
 * their submit buttons disabled until then, so an early click cannot fall through to a native submission.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
