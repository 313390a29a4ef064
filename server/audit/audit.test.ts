import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { db } from "../db/client.ts";
import { listAudit, listAuditQuery } from "./list-audit.ts";
import { recordAudit } from "./record-audit.ts";

await setUpTestInstance("audit");

const at = new Date("2026-11-23T14:00:00Z");

async function recordedEntry() {
  const prisma = await db();
  const operator = await prisma.user.create({
    data: { email: `op-${randomUUID()}@tokenrail.test`, roles: ["operator"] },
  });
  const subject = { type: "profile", id: randomUUID() } as const;
  await prisma.$transaction((tx) =>
    recordAudit(tx, {
      actor: { userId: operator.id, requestId: "req-audit-1" },
      action: "profile.block",
      subject,
      before: { state: "approved" },
      after: { state: "blocked" },
      reason: "Sanctions list match",
      at,
    }),
  );
  return { operator, entry: await prisma.auditEntry.findFirstOrThrow({ where: { subjectId: subject.id } }) };
}

describe("the audit log", () => {
  it("keeps who, what, when, before and after, with the operator's email as it was", async () => {
    const { operator, entry } = await recordedEntry();
    const prisma = await db();
    await prisma.user.update({ where: { id: operator.id }, data: { email: `renamed-${randomUUID()}@tokenrail.test` } });
    const reply = await listAudit({
      query: listAuditQuery.parse({ subject: entry.subjectId }),
      url: new URL("http://localhost/api/admin/audit"),
    });
    assert.deepEqual(reply.body, {
      entries: [
        {
          id: entry.id,
          at: at.toISOString(),
          actor: { id: operator.id, email: operator.email },
          action: "profile.block",
          subject: { type: "profile", id: entry.subjectId },
          before: { state: "approved" },
          after: { state: "blocked" },
          reason: "Sanctions list match",
          requestId: "req-audit-1",
        },
      ],
    });
  });

  it("the database refuses to update, delete or truncate an entry, whatever the code does", async () => {
    const { entry } = await recordedEntry();
    const prisma = await db();
    await assert.rejects(
      prisma.auditEntry.update({ where: { id: entry.id }, data: { reason: "nothing happened" } }),
      /append-only/,
    );
    await assert.rejects(prisma.auditEntry.delete({ where: { id: entry.id } }), /append-only/);
    await assert.rejects(prisma.auditEntry.deleteMany({}), /append-only/);
    await assert.rejects(prisma.$executeRawUnsafe(`TRUNCATE "AuditEntry"`), /append-only/);
    const kept = await prisma.auditEntry.findUniqueOrThrow({ where: { id: entry.id } });
    assert.deepEqual(kept, entry);
  });
});
