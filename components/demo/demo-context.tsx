"use client";

import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import { createContext, useContext, useEffect } from "react";
import { ApiProblem, SessionEnded, type DemoApi } from "./demo-api";

/** The signed-in demo's API client, and what to do when its session ends (refresh refused, token gone). */
export type DemoConnection = { api: DemoApi; onEnded: () => void };

export const DemoConnectionContext = createContext<DemoConnection | undefined>(undefined);

export function useDemoConnection(): DemoConnection {
  const connection = useContext(DemoConnectionContext);
  if (!connection) throw new Error("useDemoConnection outside DemoConnectionContext");
  return connection;
}

/** Reports a lost session to the page, which then asks the person to connect again. */
export function useSessionGuard(error: unknown): void {
  const { onEnded } = useDemoConnection();
  useEffect(() => {
    if (error instanceof SessionEnded) onEnded();
  }, [error, onEnded]);
}

/** `GET path` as the signed-in person, cached under `["demo", ...key]`. */
export function useApiQuery<T>(
  key: readonly unknown[],
  path: string | undefined,
  options: Omit<UseQueryOptions<T>, "queryKey" | "queryFn"> = {},
) {
  const { api } = useDemoConnection();
  const query = useQuery<T>({
    ...options,
    queryKey: ["demo", ...key],
    queryFn: () => api.get<T>(path ?? ""),
    enabled: path !== undefined && options.enabled !== false,
    // A refusal (4xx) or a lost session will not change by asking again.
    retry: (count, error) =>
      count < 2 && !(error instanceof SessionEnded) && !(error instanceof ApiProblem && error.code < 500),
  });
  useSessionGuard(query.error);
  return query;
}
