import { randomUUID } from "node:crypto";
import { db } from "../../db/client.ts";
import { parseAmount } from "../../money/amount.ts";

/* Test data for monitoring: profiles and their movements written as the order and bank code write them. */

const minor = (amount: string) => {
  const parsed = parseAmount(amount);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  return parsed.minor;
};

/** An approved profile, its KYC decided at `approvedAt`. */
export async function makeProfile(approvedAt: Date): Promise<string> {
  const prisma = await db();
  const profile = await prisma.profile.create({ data: { kind: "personal", state: "approved", name: "Test" } });
  await prisma.profileSubmission.create({
    data: {
      profileId: profile.id,
      section: "details",
      state: "approved",
      data: {},
      submittedAt: approvedAt,
      decidedAt: approvedAt,
    },
  });
  return profile.id;
}

const ADDRESS = "0x00000000000000000000000000000000000000aa";

/** A credit received at `at` and its issue order; returns the credit's id. */
export async function credit(profileId: string, amount: string, at: Date, debtorIban = "DE89370400440532013000") {
  const prisma = await db();
  const orderId = randomUUID();
  await prisma.order.create({
    data: {
      id: orderId,
      kind: "issue",
      profileId,
      address: ADDRESS,
      addressKey: ADDRESS,
      chain: "ethereum",
      currency: "EUR",
      amountMinor: minor(amount),
      counterpart: {},
      memo: "",
      state: "processed",
      placedAt: at,
    },
  });
  const payment = await prisma.incomingPayment.create({
    data: {
      bankReference: randomUUID(),
      iban: "DE02120300000000202051",
      amountMinor: minor(amount),
      currency: "EUR",
      debtor: { name: "Payer", iban: debtorIban },
      receivedAt: at,
      orderId,
    },
  });
  return payment.id;
}

/** A redeem order placed at `at` to `iban`; returns its id. */
export async function redeem(
  profileId: string,
  amount: string,
  at: Date,
  options: { iban?: string; state?: "placed" | "processed" | "rejected" } = {},
) {
  const prisma = await db();
  const id = randomUUID();
  await prisma.order.create({
    data: {
      id,
      kind: "redeem",
      profileId,
      address: ADDRESS,
      addressKey: ADDRESS,
      chain: "ethereum",
      currency: "EUR",
      amountMinor: minor(amount),
      counterpart: {
        identifier: { standard: "iban", iban: options.iban ?? "FR1420041010050500013M02606" },
        details: {},
      },
      memo: "",
      state: options.state ?? "processed",
      placedAt: at,
    },
  });
  return id;
}

/** A fake of the countries' tiers: these codes are high risk. */
export const highRiskOf =
  (codes: string[]) =>
  (code: string): Promise<boolean> =>
    Promise.resolve(codes.includes(code));
