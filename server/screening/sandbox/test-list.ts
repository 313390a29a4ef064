import type { AuditActor } from "../../audit/record-audit.ts";
import { serverClock, type Clock } from "../../clock.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { TEST_LIST, type ParsedList } from "../list-entry.ts";
import { importSanctionsList, type ListImport } from "../lists/import-list.ts";
import { listVersions } from "../lists/list-versions.ts";
import type { ListVersionView } from "../lists/list-views.ts";
import { testListEntries } from "./test-entries.ts";

/** The seeded version's date: fixed, so the same bytes are imported at every boot and make one version. */
const SEEDED_AT = "2026-01-01T00:00:00.000Z";

/** Only a sandbox instance has the test list; elsewhere it is as if it did not exist (404, like any hidden route). */
function sandboxOnly(environment: string): void {
  if (environment !== "sandbox") throw new AppError("NOT_FOUND", "No such endpoint");
}

/** Version `number` of the test list, as a file's bytes (its digest tells a version already imported). */
function testListFile(number: number, publishedAt: string): { bytes: Uint8Array; parsed: ParsedList } {
  const entries = testListEntries(number);
  const bytes = new TextEncoder().encode(JSON.stringify({ list: TEST_LIST, number, entries }));
  return { bytes, parsed: { source: TEST_LIST, publishedAt, publisherVersion: String(number), entries } };
}

async function importTestVersion(options: {
  number: number;
  publishedAt: string;
  actor?: AuditActor;
  clock?: Clock;
}): Promise<ListImport> {
  const { bytes, parsed } = testListFile(options.number, options.publishedAt);
  return importSanctionsList({
    bytes,
    fileName: `sandbox-test-list-v${options.number}.json`,
    origin: "simulator",
    read: () => Promise.resolve(parsed),
    actor: options.actor,
    clock: options.clock,
  });
}

/**
 * In the sandbox, the test list is present from boot: its first version is imported once (at a later boot the same
 * bytes are that version again). Outside the sandbox nothing is written.
 */
export async function seedTestList(options: { environment: string; clock?: Clock }): Promise<ListImport | undefined> {
  if (options.environment !== "sandbox") return undefined;
  return importTestVersion({ number: 1, publishedAt: SEEDED_AT, clock: options.clock });
}

/**
 * The simulator's "publish list update" (sandbox only, a compliance operator): the test list's next version, which
 * adds one bundled test name and address, and, like any list version, starts the re-screening of every customer.
 * An operator action, never an integrator's: what every integrator's customers are screened against is the
 * instance's, not one application's.
 */
export async function publishTestListUpdate(options: {
  environment: string;
  actor: AuditActor;
  clock?: Clock;
}): Promise<ListImport> {
  sandboxOnly(options.environment);
  const prisma = await db();
  const list = await prisma.sanctionsList.findUnique({ where: { source: TEST_LIST } });
  const now = (options.clock ?? serverClock)();
  // Never dated before the version it follows, or the import would refuse it as an older issue.
  const after = list?.publishedAt && list.publishedAt > now ? list.publishedAt : now;
  return importTestVersion({
    number: (list?.versionNumber ?? 0) + 1,
    publishedAt: after.toISOString(),
    actor: options.actor,
    clock: options.clock,
  });
}

/** The test list's latest versions, newest first (sandbox only). */
export async function testListVersions(environment: string): Promise<{ versions: ListVersionView[] }> {
  sandboxOnly(environment);
  return { versions: await listVersions(TEST_LIST) };
}
