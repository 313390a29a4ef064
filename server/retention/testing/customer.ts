import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "../../db/client.ts";
import type { FileStorage } from "../../files/storage.ts";
import { sealValue } from "../../keys/sealed-value.ts";
import { recordBurn, recordHold, recordMint } from "../../ledger/movements.ts";
import { SUBMISSION_DATA } from "../../profiles/submission-data.ts";

/* A customer with everything erasure must handle (C71): KYC data, a document, a linked address, an IBAN, money. */

export const PERSONAL = {
  lastName: "Mustermann",
  payerName: "Hannelore Zahlemann",
  payerIban: "DE89370400440532013000",
  payeeIban: "FR1420041010050500013M02606",
};

export type Customer = { profileId: string; userId: string; fileKey: string; bytes: Buffer; orderIds: string[] };

/** Stores `bytes` as a document uploaded by `userId`; returns the file's id and content key. */
export async function storeDocument(storage: FileStorage, userId: string, bytes: Buffer) {
  const file = path.join(os.tmpdir(), `tokenrail-doc-${randomBytes(4).toString("hex")}`);
  fs.writeFileSync(file, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const key = await storage.put({ path: file, sha256, size: bytes.length });
  const prisma = await db();
  const row = await prisma.storedFile.create({
    data: {
      name: "passport.pdf",
      type: "application/pdf",
      size: bytes.length,
      hash: sha256,
      storageKey: key,
      uploadedById: userId,
    },
  });
  return { id: row.id, key };
}

/** A customer; `withMoney` adds an IBAN, an issue order minted and a redeem order burned, with ledger movements. */
export async function makeCustomer(
  storage: FileStorage,
  options: { withMoney: boolean; tag?: string },
): Promise<Customer> {
  const prisma = await db();
  const tag = options.tag ?? randomBytes(3).toString("hex");
  const user = await prisma.user.create({
    data: { email: `erika-${tag}@example.com`, name: `Erika ${PERSONAL.lastName}` },
  });
  const profile = await prisma.profile.create({
    data: { kind: "personal", state: options.withMoney ? "approved" : "pending", name: `Erika ${PERSONAL.lastName}` },
  });
  await prisma.profileMember.create({ data: { userId: user.id, profileId: profile.id, perms: ["read", "write"] } });
  const bytes = Buffer.concat([Buffer.from("%PDF-1.4 passport of Erika "), randomBytes(64)]);
  const doc = await storeDocument(storage, user.id, bytes);
  const decided = options.withMoney ? "approved" : "pending";
  const submit = (section: "details" | "verification", kind: string, data: unknown) =>
    prisma.profileSubmission.create({
      data: {
        profileId: profile.id,
        section,
        kind,
        state: decided,
        data: sealValue(data, SUBMISSION_DATA),
        submittedAt: new Date(),
      },
    });
  await submit("details", "", {
    firstName: "Erika",
    lastName: PERSONAL.lastName,
    address: "Heidestraße 17",
    city: "Köln",
  });
  await submit("verification", "idDocument", {
    kind: "idDocument",
    documents: [{ fileId: doc.id, name: "passport.pdf" }],
  });
  const address = `0x${randomBytes(20).toString("hex")}`;
  await prisma.address.create({
    data: { profileId: profile.id, address, addressKey: address, chain: "ethereum", linkedById: user.id },
  });
  const orderIds: string[] = [];
  if (options.withMoney) {
    await prisma.iban.create({
      data: {
        profileId: profile.id,
        iban: `DE02${randomBytes(9).toString("hex").slice(0, 18).replace(/[a-f]/g, "1")}`,
        address,
        addressKey: address,
        chain: "ethereum",
        state: "approved",
        requestedAt: new Date(),
      },
    });
    const wallet = { chain: "ethereum", currency: "EUR", addressKey: address, profileId: profile.id };
    const at = new Date();
    const order = (kind: "issue" | "redeem", counterpart: object, amountMinor: bigint) => ({
      id: randomUUID(),
      kind,
      profileId: profile.id,
      address,
      addressKey: address,
      chain: "ethereum",
      currency: "EUR",
      amountMinor,
      counterpart,
      memo: `Rent for ${PERSONAL.lastName}`,
      state: "processed" as const,
      placedAt: at,
      processedAt: at,
    });
    const issue = order("issue", {}, 10_000n);
    const redeem = order(
      "redeem",
      {
        identifier: { standard: "iban", iban: PERSONAL.payeeIban },
        details: { firstName: "Erika", lastName: PERSONAL.lastName },
      },
      2_500n,
    );
    await prisma.$transaction(async (tx) => {
      await tx.order.create({ data: issue });
      await tx.incomingPayment.create({
        data: {
          bankReference: randomUUID(),
          iban: "DE02120300000000202051",
          amountMinor: 10_000n,
          currency: "EUR",
          memo: `from ${PERSONAL.payerName}`,
          debtor: { name: PERSONAL.payerName, iban: PERSONAL.payerIban },
          receivedAt: at,
          orderId: issue.id,
        },
      });
      await recordMint(tx, { wallet, amountMinor: 10_000n, orderId: issue.id, at });
      await tx.order.create({ data: redeem });
      await recordHold(tx, { wallet, amountMinor: 2_500n, orderId: redeem.id, at });
      await recordBurn(tx, { wallet, amountMinor: 2_500n, orderId: redeem.id, at });
    });
    orderIds.push(issue.id, redeem.id);
  }
  return { profileId: profile.id, userId: user.id, fileKey: doc.key, bytes, orderIds };
}

/** An operator account for the audit log to name. */
export async function makeOperator(): Promise<{ userId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `ops-${randomBytes(3).toString("hex")}@tokenrail.test` } });
  await prisma.operator.create({ data: { userId: user.id, roles: ["reviewer"] } });
  return { userId: user.id };
}

/** Every row of every table as text, to look for a personal value anywhere in the database. */
export async function databaseText(): Promise<string> {
  const prisma = await db();
  const tables = await prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ t: string }[]>(`SELECT row_to_json(x)::text AS t FROM "${name}" x`);
    parts.push(...rows.map((r) => r.t));
  }
  return parts.join("\n");
}
