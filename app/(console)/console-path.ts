import { headers } from "next/headers";
import { PATH_HEADER } from "@/proxy";

/** The console page this request asked for (set by the proxy), or `fallback`: where sign-in should return to. */
export async function requestedPath(fallback: string): Promise<string> {
  const path = (await headers()).get(PATH_HEADER);
  return path?.startsWith(fallback) ? path : fallback;
}
