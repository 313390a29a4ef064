import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { ibanHolders } from "../bank/import/iban-holders.ts";
import { randomIban, seedHolder } from "../bank/import/testing/bank-import-fixtures.ts";
import { withIbanOpened } from "../ibans/iban-number.ts";
import { hashPassword } from "../users/password.ts";
import { signUp } from "../users/sign-up.ts";
import { openEmail, openName, whereUserEmail } from "../users/user-email.ts";
import { verifyCredentials } from "../users/verify-credentials.ts";
import { verifyEmailCode } from "../users/verify-email-code.ts";
import { listOutbox } from "../outbox/list-outbox.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { blindIndex } from "./blind-index.ts";
import { addKeyEncryptionKey, readKeyring } from "./keyring.ts";
import { IBAN_NUMBER, USER_EMAIL } from "./people-columns.ts";
import { countPlainRecords, sealPlainRecords } from "./seal-plain-records.ts";
import { isSealed } from "./sealed-value.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// A person's address and name sealed at rest and found through a blind index (C70), on a real database (PGlite, or
// PostgreSQL with DATABASE_URL).
await setUpTestInstance("sealed_people");

const PASSWORD = "correct horse battery";
const stamp = () => randomBytes(4).toString("hex");

/** Every column of every row of `table` as text, for looking for a value a dump would show. */
async function dumpOf(table: string): Promise<string> {
  const prisma = await db();
  const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(
    `SELECT row_to_json(t)::text AS text FROM "${table}" t`,
  );
  return rows.map((r) => r.text).join("\n");
}

async function signUpVerified(email: string): Promise<void> {
  const { ticket } = await signUp({
    input: { email, password: PASSWORD },
    client: `c-${stamp()}`,
    config: getConfig(),
  });
  const [mail] = (await listOutbox({ to: email.trim().toLowerCase(), pageSize: 1 })).entries;
  const code = /^(\d{6})$/m.exec(mail?.body ?? "")?.[1] ?? "";
  await verifyEmailCode({ input: { ticket, code }, config: getConfig() });
}

describe("C70 people sealed at rest, found by a blind index", () => {
  it("C70 sign-up and sign-in by a mixed-case address work, a second sign-up makes no second person, and the table shows neither address nor name", async () => {
    const local = `Erika.Sealed-${stamp()}`;
    const email = `${local}@Example.COM`;
    await signUpVerified(email);
    const signedIn = await verifyCredentials({ email: email.toUpperCase(), password: PASSWORD });
    assert.equal(signedIn?.email, email.toLowerCase());

    await signUp({
      input: { email: email.toLowerCase(), password: "another password" },
      client: "x",
      config: getConfig(),
    });
    const prisma = await db();
    assert.equal(await prisma.user.count({ where: whereUserEmail(email) }), 1);
    assert.equal(await verifyCredentials({ email, password: "another password" }), undefined);

    const user = await prisma.user.findFirstOrThrow({ where: whereUserEmail(email) });
    assert.ok(isSealed(user.email) && isSealed(user.name));
    assert.equal(user.emailIndex, blindIndex(USER_EMAIL, "email", email));
    assert.equal(openEmail(user.email), email.toLowerCase());
    const dump = (await dumpOf("User")).toLowerCase();
    assert.equal(dump.includes(local.toLowerCase()), false, "the address is not in the User table's dump");
  });

  it("C70 a person written in plain text before sealing is found meanwhile, then indexed and sealed by the pass, and still signs in", async () => {
    const local = `legacy-${stamp()}`;
    const email = `${local}@example.com`;
    const name = `Legacy Person ${stamp()}`;
    const prisma = await db();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "User" (id, email, name, "passwordHash", "emailVerifiedAt", "updatedAt")
       VALUES (gen_random_uuid(), to_jsonb($1::text), to_jsonb($2::text), $3, now(), now())`,
      email,
      name,
      await hashPassword(PASSWORD),
    );
    assert.ok((await countPlainRecords())[USER_EMAIL]! >= 1);
    const before = await verifyCredentials({ email: email.toUpperCase(), password: PASSWORD });
    assert.equal(before?.name, name, "found by its plain address until indexed");

    await sealPlainRecords();
    assert.equal((await countPlainRecords())[USER_EMAIL], 0);
    const row = await prisma.user.findUniqueOrThrow({ where: { id: before.userId } });
    assert.equal(row.emailIndex, blindIndex(USER_EMAIL, "email", email));
    assert.ok(isSealed(row.email) && isSealed(row.name));
    assert.equal(openName(row.name), name);
    const dump = await dumpOf("User");
    assert.equal(dump.includes(local), false);
    assert.equal(dump.includes(name), false);
    assert.equal((await verifyCredentials({ email, password: PASSWORD }))?.userId, before.userId);
  });
});

describe("C70 IBANs sealed at rest, routed by a blind index", () => {
  it("C70 a credit's IBAN finds its holder, sealed or still plain, before and after the pass, and the table shows no number", async () => {
    const sealed = await seedHolder();
    const legacy = randomIban();
    const prisma = await db();
    const profile = await prisma.profile.create({ data: { kind: "corporate", state: "approved" } });
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Iban" (id, "profileId", iban, address, "addressKey", chain, state, "requestedAt", "updatedAt")
       VALUES (gen_random_uuid(), $1::uuid, to_jsonb($2::text), '0xabc', '0xabc', 'sepolia', 'approved', now(), now())`,
      profile.id,
      legacy,
    );
    const holders = async () => ibanHolders(prisma, [sealed.iban, legacy]);
    const before = await holders();
    assert.equal(before.get(sealed.iban)?.profileId, sealed.profileId);
    assert.equal(before.get(legacy)?.profileId, profile.id, "found by its plain number until indexed");
    assert.ok((await countPlainRecords())[IBAN_NUMBER]! >= 1);

    await sealPlainRecords();
    assert.equal((await countPlainRecords())[IBAN_NUMBER], 0);
    const after = await holders();
    assert.equal(after.get(legacy)?.profileId, profile.id);
    assert.equal(after.get(sealed.iban)?.profileId, sealed.profileId);
    const row = await prisma.iban.findUniqueOrThrow({ where: { profileId: profile.id } });
    assert.ok(isSealed(row.iban));
    assert.equal(withIbanOpened(row).iban, legacy);
    const dump = await dumpOf("Iban");
    for (const iban of [sealed.iban, legacy]) assert.equal(dump.includes(iban), false, `${iban} is not in the dump`);
  });
});

describe("C70 the blind index's key", () => {
  const dir = scratchDir("tokenrail-blind-index-");

  it("C70 an index stays the same across a key-encryption key rotation, and another keyring gives another", () => {
    const file = path.join(dir, "keyring.json");
    const first = readKeyring(file, { create: true });
    const before = blindIndex(USER_EMAIL, "email", "Erika@Example.com", first);
    assert.equal(before, blindIndex(USER_EMAIL, "email", " erika@example.com", first), "one normalisation");
    assert.notEqual(before, blindIndex("Iban.iban", "email", "erika@example.com", first), "one space per column");
    addKeyEncryptionKey(file);
    const rotated = readKeyring(file, { create: false });
    assert.notEqual(rotated.currentKekId, first.currentKekId);
    assert.equal(blindIndex(USER_EMAIL, "email", "erika@example.com", rotated), before);
    const other = readKeyring(path.join(dir, "other.json"), { create: true });
    assert.notEqual(blindIndex(USER_EMAIL, "email", "erika@example.com", other), before);
    const iban = (value: string) => blindIndex("Iban.iban", "iban", value, first);
    assert.equal(iban("de89 3704 0044 0532 0130 00"), iban("DE89370400440532013000"));
  });
});
