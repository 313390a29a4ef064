import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { decideApproval } from "../approvals/decide-approval.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { changeOperatorRoles } from "./change-operator-roles.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { grantOperator } from "./grant-operator.ts";
import { listOperators } from "./list-operators.ts";
import { operatorRoles } from "./operator-access.ts";
import type { OperatorRole } from "./operator-roles.ts";
import { setOperatorEnabled } from "./set-operator-enabled.ts";

await setUpTestInstance("operators");

async function person(roles: OperatorRole[]): Promise<string> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles }));
  return user.id;
}

const refused = (code: string, message: RegExp) => (error: unknown) =>
  error instanceof AppError && error.code === code && message.test(error.message);

describe("operators (C58, C59)", () => {
  it("C58 granting makes an enabled operator whose roles are read afresh, and the spec's roles say admin", async () => {
    const prisma = await db();
    const id = await person(["reviewer"]);
    assert.deepEqual(await operatorRoles(id), ["reviewer"]);
    assert.deepEqual((await prisma.user.findUniqueOrThrow({ where: { id } })).roles, ["admin"]);
    const admin = await person(["admin"]);
    await setOperatorEnabled({ userId: id, enabled: false, actor: { userId: admin } });
    assert.deepEqual(await operatorRoles(id), []);
    assert.deepEqual((await prisma.user.findUniqueOrThrow({ where: { id } })).roles, []);
  });

  it("C58 no change leaves the instance without an enabled admin", async () => {
    const prisma = await db();
    // Disable every admin but one, so that this test's admin is the last.
    const last = await person(["admin", "treasurer"]);
    await prisma.operator.updateMany({ where: { userId: { not: last } }, data: { disabledAt: new Date() } });
    const config = getConfig();
    const lastAdmin = refused("CONFLICT", /last admin/);
    await assert.rejects(
      changeOperatorRoles({ userId: last, roles: ["treasurer"], actor: { userId: last }, config }),
      lastAdmin,
    );
    await assert.rejects(setOperatorEnabled({ userId: last, enabled: false, actor: { userId: last } }), lastAdmin);
    // With a second admin, the same demotion is made (four eyes off here).
    const second = await person(["admin"]);
    const changed = await changeOperatorRoles({
      userId: last,
      roles: ["treasurer"],
      actor: { userId: second },
      config,
    });
    assert.ok("operator" in changed && changed.operator.roles.join() === "treasurer");
    await prisma.operator.updateMany({ data: { disabledAt: null } });
  });

  it("C59 a role change under four eyes waits; the requester cannot decide; a second admin's approval makes it", async () => {
    const config = { ...getConfig(), fourEyes: { thresholdMinor: 100n } };
    const [asker, approver, target] = [await person(["admin"]), await person(["admin"]), await person(["reviewer"])];
    const outcome = await changeOperatorRoles({
      userId: target,
      roles: ["treasurer"],
      actor: { userId: asker },
      config,
    });
    assert.ok("approval" in outcome);
    assert.deepEqual(await operatorRoles(target), ["reviewer"]);
    // The operators page shows the roles asked for, from the approval's payload (sealed at rest, C70), opened.
    const prisma = await db();
    const approvalId = outcome.approval.id;
    assert.equal(
      isSealed((await prisma.operatorApproval.findUniqueOrThrow({ where: { id: approvalId } })).payload),
      true,
    );
    const waiting = (await listOperators()).operators.find((o) => o.id === target);
    assert.deepEqual(waiting?.pendingRoles, ["treasurer"]);
    await assert.rejects(
      decideApproval({ approvalId, decision: "approve", actor: { userId: asker }, config }),
      refused("FORBIDDEN", /second operator/),
    );
    const done = await decideApproval({ approvalId, decision: "approve", actor: { userId: approver }, config });
    assert.equal(done.approval.state, "approved");
    assert.deepEqual(await operatorRoles(target), ["treasurer"]);
    await assert.rejects(
      decideApproval({ approvalId, decision: "reject", actor: { userId: approver }, config }),
      refused("CONFLICT", /approved before/),
    );
  });
});
