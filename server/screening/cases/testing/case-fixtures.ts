import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "../../../db/client.ts";
import { AppError } from "../../../errors.ts";
import { grantOperator } from "../../../operators/grant-operator.ts";
import { importSanctionsList } from "../../lists/import-list.ts";
import { readListFile } from "../../lists/read-list-file.ts";

/*
 * What the screening case tests share: the real UN excerpt, compliance officers and a reviewer, and profiles whose
 * details name a listed person. Call these after the file's setUpTestInstance, from a hook or a test.
 */

export type Operator = { userId: string };

const UN = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "lists", "fixtures", "un-consolidated.xml"));

export const stamp = () => randomBytes(4).toString("hex");

async function operator(roles: ("compliance" | "reviewer")[]): Promise<Operator> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${stamp()}@example.com` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles }));
  return { userId: user.id };
}

/** Imports the UN excerpt, and makes two compliance officers (four eyes) and a reviewer. */
export async function screeningOperators(): Promise<{ officer: Operator; second: Operator; reviewer: Operator }> {
  await importSanctionsList({ bytes: UN, fileName: "un.xml", origin: "folder", read: (b) => readListFile(b) });
  return {
    officer: await operator(["compliance"]),
    second: await operator(["compliance"]),
    reviewer: await operator(["reviewer"]),
  };
}

/** A personal profile whose details name this person (as a submission would store them). */
export async function profileOf(person: {
  firstName: string;
  lastName: string;
  birthday: string;
  nationality: string;
}) {
  const prisma = await db();
  return prisma.profile.create({
    data: {
      kind: "personal",
      name: `${person.firstName} ${person.lastName}`,
      state: "pending",
      submissions: {
        create: {
          section: "details",
          state: "pending",
          data: { ...person, country: person.nationality, address: "1 Main St", postalCode: "1000", city: "Town" },
          submittedAt: new Date(),
        },
      },
    },
  });
}

export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => assert.fail("expected a refusal"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError, String(error));
  return error;
}
