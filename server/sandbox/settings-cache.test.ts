import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { openAuditEntry } from "../audit/audit-text.ts";

process.env.TOKENRAIL_SANDBOX_AUTO_APPROVE = "off";
process.env.TOKENRAIL_SANDBOX_AUTO_PROCESS = "7";
await setUpTestInstance("sandbox_settings");

const { instanceClockOffset, serverClock } = await import("../clock.ts");
const { getConfig, loadConfig } = await import("../config.ts");
const { db } = await import("../db/client.ts");
const { changeSandboxSettings } = await import("./change-sandbox-settings.ts");
const { SANDBOX_SETTINGS_ID } = await import("./sandbox-settings.schemas.ts");
const { applySandboxSettings, cachedSandboxSettings, refreshSandboxSettings } = await import("./settings-cache.ts");

const HOUR = 3600;
const app = { kind: "application", clientId: "client-1", userId: randomUUID(), requestId: "req-app" } as const;

/** Within a second of the wall clock moved by `seconds`. */
function assertClockAhead(seconds: number): void {
  const ahead = serverClock().getTime() - Date.now();
  assert.ok(Math.abs(ahead - seconds * 1000) < 1000, `clock is ${ahead} ms ahead, expected ${seconds} s`);
}

/** What another instance on the same database does: it writes the row, and this process does not hear of it. */
async function changedElsewhere(clockOffsetSeconds: number): Promise<void> {
  const prisma = await db();
  await prisma.sandboxSettings.update({
    where: { id: SANDBOX_SETTINGS_ID },
    data: { clockOffsetSeconds, updatedAt: new Date(), updatedBy: "client:elsewhere" },
  });
}

describe("the sandbox settings cache and clock offset", () => {
  it("starts from the environment's settings and the wall clock", async () => {
    const settings = await refreshSandboxSettings(getConfig());
    assert.deepEqual(settings, {
      autoApprove: { enabled: false, delaySeconds: 30 },
      autoProcess: { enabled: true, delaySeconds: 7 },
      clockOffsetSeconds: 0,
      updatedAt: null,
      updatedBy: null,
    });
    assertClockAhead(0);
  });

  it("a change moves this instance's clock at once and is stored for the others", async () => {
    const view = await changeSandboxSettings({ change: { clockOffsetSeconds: HOUR }, actor: app, config: getConfig() });
    assert.equal(view.clockOffsetSeconds, HOUR);
    assert.ok(Math.abs(Date.parse(view.now) - (Date.now() + HOUR * 1000)) < 1000);
    assertClockAhead(HOUR);
    const row = await (await db()).sandboxSettings.findUniqueOrThrow({ where: { id: SANDBOX_SETTINGS_ID } });
    assert.equal(row.clockOffsetSeconds, HOUR);
    assert.equal(row.updatedBy, "client:client-1");
    // What was not named keeps its value.
    assert.deepEqual(cachedSandboxSettings(getConfig()).autoProcess, { enabled: true, delaySeconds: 7 });
  });

  it("another instance's change reaches this one at its next refresh, not before", async () => {
    await changedElsewhere(2 * HOUR);
    assertClockAhead(HOUR);
    await refreshSandboxSettings(getConfig());
    assertClockAhead(2 * HOUR);
    assert.equal(cachedSandboxSettings(getConfig()).updatedBy, "client:elsewhere");
  });

  it("a refresh that read before this instance's own change does not undo it", async () => {
    await changedElsewhere(3 * HOUR);
    const refreshing = refreshSandboxSettings(getConfig());
    const mine = { ...cachedSandboxSettings(getConfig()), clockOffsetSeconds: 5 * HOUR };
    applySandboxSettings(mine, getConfig());
    await refreshing;
    assertClockAhead(5 * HOUR);
    await refreshSandboxSettings(getConfig());
    assertClockAhead(3 * HOUR);
  });

  it("advances made at the same time both count, and the clock never runs more than 30 days ahead", async () => {
    await changeSandboxSettings({ change: { clockOffsetSeconds: 0 }, actor: app, config: getConfig() });
    await Promise.all(
      [1, 2].map(() =>
        changeSandboxSettings({ change: { advanceClockSeconds: HOUR }, actor: app, config: getConfig() }),
      ),
    );
    await refreshSandboxSettings(getConfig());
    assertClockAhead(2 * HOUR);
    await assert.rejects(
      changeSandboxSettings({ change: { advanceClockSeconds: 30 * 24 * HOUR }, actor: app, config: getConfig() }),
      (error: { code?: string; fields?: Record<string, string> }) =>
        error.code === "VALIDATION" &&
        /at most 30 days ahead; it is 2 h ahead now/.test(error.fields?.clockOffsetSeconds ?? ""),
    );
    assertClockAhead(2 * HOUR);
  });

  it("an operator's change is in the audit log with before and after; an application's is not", async () => {
    const prisma = await db();
    const operator = await prisma.user.create({
      data: { email: `op-${randomUUID()}@tokenrail.test`, roles: ["admin"] },
    });
    const count = () => prisma.auditEntry.count({ where: { action: "sandbox.settings" } });
    const before = await count();
    await changeSandboxSettings({ change: { autoApprove: { enabled: true } }, actor: app, config: getConfig() });
    assert.equal(await count(), before);
    await changeSandboxSettings({
      change: { autoApprove: { delaySeconds: 2 } },
      actor: { kind: "person", userId: operator.id, operator: true, requestId: "req-op" },
      config: getConfig(),
    });
    const entry = openAuditEntry(await prisma.auditEntry.findFirstOrThrow({ where: { action: "sandbox.settings" } }));
    assert.equal(entry.actorUserId, operator.id);
    assert.equal(entry.requestId, "req-op");
    assert.deepEqual([entry.subjectType, entry.subjectId], ["sandbox", SANDBOX_SETTINGS_ID]);
    assert.deepEqual((entry.before as { autoApprove: unknown }).autoApprove, { enabled: true, delaySeconds: 30 });
    assert.deepEqual((entry.after as { autoApprove: unknown }).autoApprove, { enabled: true, delaySeconds: 2 });
  });

  it("production never runs ahead of the wall clock and has no settings to change", async () => {
    const production = loadConfig({
      TOKENRAIL_ENV: "production",
      DATABASE_URL: "postgres://tokenrail@127.0.0.1:5432/none",
      TOKENRAIL_SECRET: "a-production-secret-of-enough-length-0123456789",
      TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
      TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
      TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
      TOKENRAIL_BANK: "iso20022",
      TOKENRAIL_BANK_ACCOUNT_IBAN: "DE02100100100006820101",
      TOKENRAIL_BANK_ACCOUNT_BIC: "TKRLDER0",
      TOKENRAIL_BANK_ACCOUNT_HOLDER: "Tokenrail Safeguarding",
      TOKENRAIL_SMTP_URL: "smtp://tokenrail:secret@mail.example.com:587",
      TOKENRAIL_MAIL_FROM: "Tokenrail <no-reply@example.com>",
    });
    applySandboxSettings({ ...cachedSandboxSettings(getConfig()), clockOffsetSeconds: 10 * HOUR }, production);
    assert.equal(instanceClockOffset(), 0);
    assertClockAhead(0);
    await assert.rejects(
      changeSandboxSettings({ change: { clockOffsetSeconds: HOUR }, actor: app, config: production }),
      (error: { code?: string }) => error.code === "NOT_FOUND",
    );
  });
});
