import { randomBytes, randomUUID } from "node:crypto";
import { getConfig, type Config } from "../../../config.ts";
import { db } from "../../../db/client.ts";
import { generateCamt054, type GeneratedCredit } from "../../iso20022/testing/generate-camt054.ts";
import { ibanNumberData } from "../../../ibans/iban-number.ts";

/*
 * For the importer's tests (and anyone's that imports bank files): profiles holding virtual IBANs in any state, and
 * camt.054 files of chosen credits to them.
 */

/** The master account of the hand-written fixtures in `server/bank/iso20022/fixtures/`. */
export const FIXTURE_MASTER_IBAN = "DE89370400440532013000";

/** The instance's configuration with the fixtures' master account. */
export function importConfig(): Config {
  const config = getConfig();
  return { ...config, bank: { ...config.bank, account: { ...config.bank.account, iban: FIXTURE_MASTER_IBAN } } };
}

export type Holder = { profileId: string; iban: string; address: string };

/** A profile (approved by default) holding `iban` (approved by default), minting to a new address on sepolia. */
export async function seedHolder(
  options: { iban?: string; profileState?: "approved" | "pending" | "blocked"; ibanState?: "approved" | "closed" } = {},
): Promise<Holder> {
  const prisma = await db();
  const iban = options.iban ?? randomIban();
  const address = `0x${randomBytes(20).toString("hex")}`;
  const profile = await prisma.profile.create({
    data: { kind: "corporate", name: `Holder ${iban}`, state: options.profileState ?? "approved" },
  });
  await prisma.address.create({
    data: { profileId: profile.id, address, addressKey: address, chain: "sepolia", linkedAt: new Date() },
  });
  await prisma.iban.create({
    data: {
      profileId: profile.id,
      // As provisioning writes it: sealed, with its blind index (C70).
      ...ibanNumberData(iban),
      bic: "TKRLDER0",
      address,
      addressKey: address,
      chain: "sepolia",
      state: options.ibanState ?? "approved",
      requestedAt: new Date(),
      provisionedAt: new Date(),
    },
  });
  return { profileId: profile.id, iban, address };
}

/** Many approved holders at once (one statement per table), for large files. */
export async function seedHolders(ibans: readonly string[]): Promise<void> {
  const prisma = await db();
  const rows = ibans.map((iban) => ({
    iban,
    profileId: randomUUID(),
    address: `0x${randomBytes(20).toString("hex")}`,
  }));
  await prisma.profile.createMany({
    data: rows.map((row) => ({
      id: row.profileId,
      kind: "corporate" as const,
      name: row.iban,
      state: "approved" as const,
    })),
  });
  await prisma.address.createMany({
    data: rows.map((row) => ({
      profileId: row.profileId,
      address: row.address,
      addressKey: row.address,
      chain: "sepolia",
    })),
  });
  await prisma.iban.createMany({
    data: rows.map((row) => ({
      profileId: row.profileId,
      iban: row.iban,
      address: row.address,
      addressKey: row.address,
      chain: "sepolia",
      state: "approved" as const,
      requestedAt: new Date(),
    })),
  });
}

/** An IBAN-shaped number no one holds yet (the importer compares, it does not check digits). */
export function randomIban(): string {
  return `DE${String(10 + (randomBytes(1)[0]! % 90))}${BigInt(`0x${randomBytes(8).toString("hex")}`)
    .toString()
    .padStart(18, "0")
    .slice(0, 18)}`;
}

/** A SEPA credit of `amount` EUR to `creditorIban`, with a fresh bank reference unless given. */
export function credit(creditorIban: string, amount = "10.00", extra: Partial<GeneratedCredit> = {}): GeneratedCredit {
  const reference = extra.accountServicerReference ?? `REF${randomBytes(6).toString("hex").toUpperCase()}`;
  return {
    amount,
    currency: "EUR",
    bookingDate: "2026-11-26",
    accountServicerReference: reference,
    endToEndId: `E2E-${reference}`,
    uetr: randomUUID(),
    debtorName: "Anna Müller",
    debtorIban: "FR1420041010050500013M02606",
    debtorBic: "INGDDEFFXXX",
    creditorIban,
    remittance: "Top-up",
    ...extra,
  };
}

/** A camt.054.001.08 of these credits to the fixtures' master account. */
export function camt054(
  credits: GeneratedCredit[],
  messageId = `NTF-${randomBytes(12).toString("hex")}`,
  accountIban = FIXTURE_MASTER_IBAN,
): Uint8Array {
  return generateCamt054({ messageId, createdAt: "2026-11-26T10:00:00+01:00", accountIban, credits });
}
