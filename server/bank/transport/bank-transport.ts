/*
 * How bank files travel: an inbox the bank puts statements and status reports into, and an outbox our payment files
 * are delivered to. Every transport is the same four operations, so the jobs (inbox-job.ts, delivery-job.ts) never
 * know which one runs:
 *
 * - `list` the files waiting in the inbox (only the inbox itself: not its `processed/` and `refused/` archives);
 * - `fetch` one to a local spool path, refusing it while it is read when it is larger than the limit;
 * - `archive` it once the importer is done with it: into `processed/` when imported (a file imported before counts),
 *   into `refused/` with the refusal's reason in a `<name>.reason.txt` beside it;
 * - `deliver` an outbound file under its name, idempotently: delivering the same file twice (a crash between the
 *   delivery and the row's update, two instances) leaves one file with the same bytes.
 *
 * The next transports, behind the same interface (docs/bank.md, "Transport"):
 *
 * - EBICS (German, French, Swiss banks): `deliver` is an upload order (BTU with the pain.001's service, or CCT on
 *   EBICS 2.5) signed with the subscriber's bank-technical key; `list` + `fetch` are a download order (BTD for
 *   camt.052/053/054 and pain.002, or C52/C53/C54/PSR) whose order data is spooled to disk, and `archive` is the
 *   download's receipt (acknowledging it so the bank does not offer it again; a refused file is acknowledged too and
 *   kept in `refused/` locally). Keys (INI/HIA/HPB letters) live outside the instance, in a key store.
 * - SFTP (host-to-host with most banks and with payment hubs): `list`, `fetch` and `deliver` map onto directory
 *   listings, reads and writes on the bank's server with the same temp-name-then-rename rule; `archive` renames
 *   within the bank's folders where the bank allows it, else records the file's name as done (a table of names
 *   seen), since some banks offer each file only once and remove it themselves.
 */

/** A file waiting in the inbox. */
export type InboxFile = {
  /** Its name in the inbox: one path segment, never a path (see `isPlainFileName`). */
  name: string;
  size: number;
};

export type ArchiveOutcome = { kind: "imported" } | { kind: "refused"; reason: string };

export interface BankTransport {
  readonly kind: "folder" | "s3" | "sandbox";
  /** The files waiting in the inbox, oldest name first (banks number their files). */
  list(): Promise<InboxFile[]>;
  /**
   * Copies an inbox file to `spoolPath` (created, overwritten). Larger than `maxBytes`: `PAYLOAD_TOO_LARGE`, and
   * nothing is left at `spoolPath`. Gone meanwhile (another instance archived it): `NOT_FOUND`.
   */
  fetch(name: string, spoolPath: string, maxBytes: number): Promise<{ size: number }>;
  /** Moves an inbox file to `processed/`, or to `refused/` with its reason beside it. Gone already: nothing. */
  archive(name: string, outcome: ArchiveOutcome): Promise<void>;
  /** Delivers an outbound file under `name`; the same name and bytes again is a no-op. */
  deliver(file: { name: string; content: Uint8Array }): Promise<void>;
}

export const PROCESSED = "processed";
export const REFUSED = "refused";
export const REASON_SUFFIX = ".reason.txt";

/**
 * A name we take from an inbox or give to the outbox: one segment, not hidden (a leading dot marks a file still
 * being written, ours and most clients'), no separators or control characters, at most 200 characters.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    !name.startsWith(".") &&
    !name.endsWith(REASON_SUFFIX) &&
    !/[/\\\u0000-\u001f\u007f]/.test(name)
  );
}

/** The reason written beside a refused file: what the importer said, on one line per problem. */
export function reasonText(reason: string): string {
  return `${reason.trim()}\n`;
}
