import { spoolLimited } from "../../bank/transport/spool.ts";
import { AppError } from "../../errors.ts";

/** What the last download of a URL answered, to ask next time only for a newer file (HTTP conditional GET). */
export type Validators = { etag?: string; lastModified?: string };

export type Download = { kind: "unchanged" } | { kind: "downloaded"; size: number; validators: Validators };

/** A publisher's file can be large and its server slow; past this the download is given up and tried next poll. */
const DOWNLOAD_TIMEOUT_MS = 300_000;

/**
 * Downloads a list file from `url` to `spoolPath` within `maxBytes` (refused past it while it streams, nothing
 * left behind), asking for it only if it changed since `validators` (304: `unchanged`). Anything but 200 or 304 is
 * an error naming the status; the list keeps its current version.
 */
export async function downloadList(options: {
  url: string;
  spoolPath: string;
  maxBytes: number;
  validators: Validators;
  fetchFn?: typeof fetch;
}): Promise<Download> {
  const { url, validators } = options;
  const headers: Record<string, string> = { accept: "application/xml, text/xml, text/csv;q=0.9, */*;q=0.1" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const response = await (options.fetchFn ?? fetch)(url, {
    headers,
    redirect: "follow",
    signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
  });
  if (response.status === 304) {
    await response.body?.cancel();
    return { kind: "unchanged" };
  }
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    throw new AppError("UNAVAILABLE", `Downloading ${url} answered ${response.status}`);
  }
  const { size } = await spoolLimited(response.body, options.spoolPath, options.maxBytes, url);
  return {
    kind: "downloaded",
    size,
    validators: {
      etag: response.headers.get("etag") ?? undefined,
      lastModified: response.headers.get("last-modified") ?? undefined,
    },
  };
}
