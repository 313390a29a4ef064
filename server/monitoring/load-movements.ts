import type { PrismaClient } from "../generated/prisma/client.ts";
import { ibanCountryOf, type Movement, type ProfileFacts } from "./movement.ts";
import { incomingDebtor, orderCounterpart } from "../orders/order-text.ts";

type Reader = Pick<PrismaClient, "order" | "incomingPayment" | "profileSubmission">;

/**
 * The movements received or placed from `from` to `until` (both included), of the given profiles or of everyone.
 * Credits are read with their issue order for the profile; a redeem counts unless it was rejected.
 */
export async function loadMovements(
  prisma: Reader,
  options: { from: Date; until: Date; profileIds?: string[] },
): Promise<Movement[]> {
  const { from, until, profileIds } = options;
  const mine = profileIds ? { profileId: { in: profileIds } } : {};
  const redeems = await prisma.order.findMany({
    where: { kind: "redeem", state: { not: "rejected" }, placedAt: { gte: from, lte: until }, ...mine },
    select: { id: true, profileId: true, amountMinor: true, currency: true, placedAt: true, counterpart: true },
  });
  const payments = profileIds
    ? await prisma.incomingPayment.findMany({
        where: {
          receivedAt: { gte: from, lte: until },
          orderId: {
            in: (await prisma.order.findMany({ where: { kind: "issue", ...mine }, select: { id: true } })).map(
              (o) => o.id,
            ),
          },
        },
      })
    : await prisma.incomingPayment.findMany({ where: { receivedAt: { gte: from, lte: until } } });
  const owners = new Map(
    (
      await prisma.order.findMany({
        where: { id: { in: payments.map((p) => p.orderId) } },
        select: { id: true, profileId: true },
      })
    ).map((o) => [o.id, o.profileId]),
  );
  const movements: Movement[] = redeems.map((o) => ({
    kind: "order",
    id: o.id,
    profileId: o.profileId,
    direction: "out",
    amountMinor: o.amountMinor,
    currency: o.currency,
    at: o.placedAt,
    ibanCountry: ibanCountryOf(counterpartIban(orderCounterpart(o))),
  }));
  for (const p of payments) {
    const profileId = owners.get(p.orderId);
    if (!profileId) continue;
    movements.push({
      kind: "credit",
      id: p.id,
      profileId,
      direction: "in",
      amountMinor: p.amountMinor,
      currency: p.currency,
      at: p.receivedAt,
      ibanCountry: ibanCountryOf(field(incomingDebtor(p), "iban")),
    });
  }
  return movements;
}

/**
 * When each profile was approved: the last decision on its approved KYC sections (the profile becomes approved when
 * its last section is). A section approved again later moves the date on, which keeps a re-reviewed profile "new".
 */
export async function loadProfileFacts(prisma: Reader, profileIds: string[]): Promise<Map<string, ProfileFacts>> {
  const decided = await prisma.profileSubmission.groupBy({
    by: ["profileId"],
    where: { profileId: { in: profileIds }, state: "approved" },
    _max: { decidedAt: true },
  });
  const facts = new Map<string, ProfileFacts>(profileIds.map((id) => [id, { approvedAt: null }]));
  for (const row of decided) facts.set(row.profileId, { approvedAt: row._max.decidedAt });
  return facts;
}

function field(json: unknown, name: string): unknown {
  return json !== null && typeof json === "object" && !Array.isArray(json)
    ? (json as Record<string, unknown>)[name]
    : undefined;
}

/** `counterpart.identifier.iban` (CounterpartResponse); a redeem to a wallet or by SCAN has none. */
function counterpartIban(counterpart: unknown): unknown {
  return field(field(counterpart, "identifier"), "iban");
}
