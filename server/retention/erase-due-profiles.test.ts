import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { registerApplication } from "../applications/register-application.ts";
import { loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { closeProfile } from "./close-profile.ts";
import { eraseDueProfiles } from "./erase-due-profiles.ts";
import { EXPIRED_REQUEST_KEEP_DAYS } from "./expired-requests.ts";
import { describeAuthorizationRequest } from "../oauth/describe-authorization-request.ts";
import { requestEmail } from "../oauth/request-email.ts";
import { AUTHORIZATION_REQUEST_MINUTES, startAuthorization } from "../oauth/start-authorization.ts";
import { requestErasure } from "./request-erasure.ts";
import { databaseText, makeCustomer, makeOperator, PERSONAL } from "./testing/customer.ts";
import { orderMemo } from "../orders/order-text.ts";
import { openMailTo } from "../mail/mail-columns.ts";

// The scheduled erasure and the erasure request (C71), on a real database (PGlite, or PostgreSQL with DATABASE_URL).
await setUpTestInstance("erase_due_profiles");

const config = loadConfig();
const YEAR_MS = 365.25 * 86_400_000;
const at = (d: Date) => () => d;

async function ledgerState() {
  const prisma = await db();
  const report = await ledgerReport();
  const entries = await prisma.ledgerEntry.count();
  const linked = await prisma.ledgerTransaction.count({ where: { orderId: { not: null } } });
  return { totals: report.totals, consistent: report.consistent, entries, linked };
}

async function contentOf(storage: FileStorage, key: string): Promise<Buffer | undefined> {
  const stream = await storage.get(key);
  return stream ? Buffer.from(await new Response(stream).arrayBuffer()) : undefined;
}

describe("retention and erasure", () => {
  it("C71: a closed profile is kept until its retention period ends, then erased with the books still balanced", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await makeOperator();
    const customer = await makeCustomer(storage, { withMoney: true });
    const closedAt = new Date("2026-01-15T10:00:00Z");
    await closeProfile({
      profileId: customer.profileId,
      by: { operator },
      reason: "customer left",
      config,
      clock: at(closedAt),
    });
    assert.equal((await prisma.profile.findUniqueOrThrow({ where: { id: customer.profileId } })).state, "closed");
    assert.equal((await prisma.iban.findUniqueOrThrow({ where: { profileId: customer.profileId } })).state, "closed");
    const books = await ledgerState();
    assert.equal(books.consistent, true);

    const before = new Date(closedAt.getTime() + 5 * YEAR_MS - 86_400_000);
    assert.deepEqual((await eraseDueProfiles({ config, storage, clock: at(before) })).erased, []);
    assert.equal((await databaseText()).includes(PERSONAL.lastName), true, "kept within the retention period");
    assert.deepEqual(await contentOf(storage, customer.fileKey), customer.bytes);

    const after = new Date("2031-01-15T10:00:01Z");
    assert.deepEqual((await eraseDueProfiles({ config, storage, clock: at(after) })).erased, [customer.profileId]);
    const text = await databaseText();
    for (const value of Object.values(PERSONAL)) assert.equal(text.includes(value), false, `${value} is erased`);
    assert.equal(text.includes("Heidestraße"), false);
    assert.equal(await contentOf(storage, customer.fileKey), undefined, "the document's content is gone");
    assert.equal(await prisma.user.count({ where: { id: customer.userId } }), 0);
    assert.equal(await prisma.profileSubmission.count({ where: { profileId: customer.profileId } }), 0);
    assert.deepEqual(await ledgerState(), books, "the ledger is untouched and still balances");
    const orders = await prisma.order.findMany({ where: { profileId: customer.profileId }, orderBy: { seq: "asc" } });
    assert.deepEqual(
      orders.map((o) => [o.id, o.amountMinor, o.state, orderMemo(o)]),
      customer.orderIds.map((id, i) => [id, i === 0 ? 10_000n : 2_500n, "processed", "[erased]"]),
    );
    const erasure = await prisma.profileErasure.findUniqueOrThrow({ where: { profileId: customer.profileId } });
    assert.equal(erasure.cause, "retention");
    assert.deepEqual(erasure.pendingKeys, []);
    assert.ok(erasure.finishedAt);
    assert.deepEqual(
      { submissions: 2, files: 1, contents: 1, users: 1, orders: 2, payments: 1, addresses: 1 },
      Object.fromEntries(
        ["submissions", "files", "contents", "users", "orders", "payments", "addresses"].map((k) => [
          k,
          (erasure.counts as Record<string, number>)[k],
        ]),
      ),
    );
    const audit = await prisma.auditEntry.findMany({
      where: { subjectId: customer.profileId },
      orderBy: { seq: "asc" },
    });
    assert.deepEqual(
      audit.map((a) => [a.action, a.actorEmail]),
      [
        ["profile.close", (await prisma.user.findUniqueOrThrow({ where: { id: operator.userId } })).email],
        ["profile.erase", "system"],
      ],
    );
  });

  it("C71: an erasure cut off after its commit finishes on the next run, and running again changes nothing", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await makeOperator();
    const customer = await makeCustomer(storage, { withMoney: true });
    await closeProfile({
      profileId: customer.profileId,
      by: { operator },
      config,
      clock: at(new Date("2020-03-01T00:00:00Z")),
    });
    const now = at(new Date("2026-03-01T00:00:00Z"));
    const crashing: FileStorage = Object.assign(Object.create(storage) as FileStorage, {
      remove: () => Promise.reject(new Error("the process died here")),
    });
    await assert.rejects(eraseDueProfiles({ config, storage: crashing, clock: now }), /died here/);
    const cut = await prisma.profileErasure.findUniqueOrThrow({ where: { profileId: customer.profileId } });
    assert.equal(cut.finishedAt, null);
    assert.deepEqual(cut.pendingKeys, [customer.fileKey]);
    assert.deepEqual(await contentOf(storage, customer.fileKey), customer.bytes, "left behind by the crash");

    const books = await ledgerState();
    assert.deepEqual(await eraseDueProfiles({ config, storage, clock: now }), {
      erased: [],
      resumed: 1,
      expiredRequests: 0,
    });
    assert.equal(await contentOf(storage, customer.fileKey), undefined);
    const audits = () => prisma.auditEntry.count({ where: { subjectId: customer.profileId, action: "profile.erase" } });
    assert.equal(await audits(), 1);
    const snapshot = await databaseText();
    assert.deepEqual(await eraseDueProfiles({ config, storage, clock: now }), {
      erased: [],
      resumed: 0,
      expiredRequests: 0,
    });
    assert.equal(await audits(), 1);
    assert.equal(await databaseText(), snapshot, "a rerun writes nothing");
    assert.deepEqual(await ledgerState(), books);
  });

  it("C71: two instances running the job at once erase each due profile exactly once", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await makeOperator();
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const customer = await makeCustomer(storage, { withMoney: i % 2 === 0 });
      await closeProfile({
        profileId: customer.profileId,
        by: { operator },
        config,
        clock: at(new Date("2019-05-01T00:00:00Z")),
      });
      ids.push(customer.profileId);
    }
    const now = at(new Date("2026-06-01T00:00:00Z"));
    const runs = await Promise.all([1, 2].map(() => eraseDueProfiles({ config, storage, clock: now })));
    const erased = runs.flatMap((r) => r.erased);
    assert.deepEqual([...erased].sort(), [...ids].sort());
    assert.equal(await prisma.auditEntry.count({ where: { subjectId: { in: ids }, action: "profile.erase" } }), 4);
    assert.equal((await ledgerReport()).consistent, true);
  });

  it("C71: an erasure request is honoured at once where no retention duty applies, and scheduled where one does", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await makeOperator();
    const fresh = await makeCustomer(storage, { withMoney: false });
    const now = new Date("2026-11-28T12:00:00Z");
    const answer = await requestErasure({
      profileId: fresh.profileId,
      by: { operator },
      config,
      storage,
      clock: at(now),
    });
    assert.deepEqual(answer, { profileId: fresh.profileId, outcome: "erased", erasedAt: now.toISOString() });
    assert.equal(await contentOf(storage, fresh.fileKey), undefined);
    assert.equal(await prisma.user.count({ where: { id: fresh.userId } }), 0);
    const mail = await prisma.outboxMessage.findFirstOrThrow({
      where: { kind: "data-erased" },
      orderBy: { createdAt: "desc" },
    });
    assert.match(openMailTo(mail.to), /^erika-/);

    const kept = await makeCustomer(storage, { withMoney: true });
    const scheduled = await requestErasure({
      profileId: kept.profileId,
      by: { operator },
      config,
      storage,
      clock: at(now),
    });
    assert.deepEqual(scheduled, {
      profileId: kept.profileId,
      outcome: "scheduled",
      eraseAfter: "2031-11-28T12:00:00.000Z",
    });
    assert.deepEqual(await contentOf(storage, kept.fileKey), kept.bytes);
    assert.ok(await prisma.outboxMessage.findFirst({ where: { kind: "data-erasure-scheduled" } }));
    assert.deepEqual(
      (await prisma.auditEntry.findMany({ where: { subjectId: kept.profileId }, orderBy: { seq: "asc" } })).map(
        (a) => a.action,
      ),
      ["profile.erasure.request"],
    );
    assert.deepEqual(
      (await eraseDueProfiles({ config, storage, clock: at(new Date("2031-11-28T11:59:59Z")) })).erased,
      [],
    );
    assert.deepEqual(
      (await eraseDueProfiles({ config, storage, clock: at(new Date("2031-11-28T12:00:00Z")) })).erased,
      [kept.profileId],
    );
  });

  it("C71 C70: the scheduled job deletes an /auth request expired longer than the delay, with its sealed e-mail hint; a fresh one stays", async () => {
    const prisma = await db();
    const stamp = randomBytes(4).toString("hex");
    const dev = await prisma.user.create({ data: { email: `dev-${stamp}@example.com` } });
    const devProfile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
    const redirect = "http://127.0.0.1:8765/callback";
    const app = await registerApplication({
      environment: "sandbox",
      profileId: devProfile.id,
      ownerId: dev.id,
      name: "Wallet",
      redirectUris: [redirect],
    });
    const now = new Date("2026-12-10T12:00:00Z");
    const DAY = 86_400_000;
    /** A request started at `startedAt` with an e-mail hint, through /auth; its id. */
    const started = async (startedAt: Date, hint: string) => {
      const outcome = await startAuthorization({
        request: { client_id: app.codeClientId, redirect_uri: redirect, code_challenge: "x".repeat(43), email: hint },
        config,
        clock: at(startedAt),
      });
      assert.equal(outcome.kind, "redirect");
      return new URL(outcome.kind === "redirect" ? outcome.location : "").searchParams.get("request")!;
    };
    const hints = {
      old: `old-${stamp}@example.com`,
      recent: `recent-${stamp}@example.com`,
      fresh: `fresh-${stamp}@example.com`,
    };
    const ids = {
      // Expired a minute more than the delay ago.
      old: await started(
        new Date(now.getTime() - EXPIRED_REQUEST_KEEP_DAYS * DAY - AUTHORIZATION_REQUEST_MINUTES * 60_000 - 60_000),
        hints.old,
      ),
      // Expired a day ago: kept, so a new link still resumes with the profile chosen.
      recent: await started(new Date(now.getTime() - DAY), hints.recent),
      fresh: await started(now, hints.fresh),
    };
    const dump = async () =>
      (await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "AuthorizationRequest" t`))
        .map((r) => r.text)
        .join("\n");
    const indexOf = async (id: string) =>
      (await prisma.authorizationRequest.findUniqueOrThrow({ where: { id } })).emailIndex!;
    const oldIndex = await indexOf(ids.old);

    const run = await eraseDueProfiles({ config, storage: fileStorage(config), clock: at(now) });
    assert.ok(run.expiredRequests >= 1, `the old request is deleted (${run.expiredRequests})`);
    assert.equal(await prisma.authorizationRequest.count({ where: { id: ids.old } }), 0);
    assert.equal(await prisma.authorizationRequest.count({ where: { id: { in: [ids.recent, ids.fresh] } } }), 2);
    assert.equal((await dump()).includes(oldIndex), false, "its sealed hint and index are gone with it");
    assert.equal(
      requestEmail(await prisma.authorizationRequest.findUniqueOrThrow({ where: { id: ids.fresh } })),
      hints.fresh,
    );
    assert.equal((await describeAuthorizationRequest(ids.fresh, at(now)))?.email, hints.fresh);
    // Running again deletes nothing more.
    assert.equal((await eraseDueProfiles({ config, storage: fileStorage(config), clock: at(now) })).expiredRequests, 0);
  });
});
