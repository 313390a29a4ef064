import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import { ibanCountryOf, type Movement, type ProfileFacts } from "./movement.ts";
import { incomingDebtor, orderCounterpart } from "../orders/order-text.ts";

type Reader = Pick<PrismaClient, "order" | "$queryRaw" | "profileSubmission">;

/**
 * The movements received or placed from `from` to `until` (both included), of the given profiles or of everyone.
 * Credits are read with their issue order's profile; a redeem counts unless it was rejected. Each movement's IBAN
 * country is worked out only when a rule asks for it (the subject's, for the high-risk country rule): the IBANs are
 * sealed at rest (C70), and a profile's whole window of movements is read for every evaluation, so opening every
 * one of them would cost the more the longer the history.
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
  const payments = await prisma.$queryRaw<
    { id: string; profileId: string; amountMinor: bigint; currency: string; receivedAt: Date; debtor: unknown }[]
  >`
    SELECT p."id"::text AS "id", o."profileId"::text AS "profileId", p."amountMinor", p."currency", p."receivedAt",
      p."debtor"
    FROM "IncomingPayment" p JOIN "Order" o ON o."id" = p."orderId"
    WHERE p."receivedAt" >= ${from}::timestamptz AND p."receivedAt" <= ${until}::timestamptz
      ${profileIds ? Prisma.sql`AND o."profileId" IN (SELECT jsonb_array_elements_text(${JSON.stringify(profileIds)}::jsonb)::uuid)` : Prisma.empty}`;
  const movements: Movement[] = redeems.map(({ counterpart, ...o }) =>
    withCountry(
      {
        kind: "order",
        id: o.id,
        profileId: o.profileId,
        direction: "out",
        amountMinor: o.amountMinor,
        currency: o.currency,
        at: o.placedAt,
      },
      () => ibanCountryOf(counterpartIban(orderCounterpart({ counterpart }))),
    ),
  );
  for (const { debtor, ...p } of payments) {
    movements.push(
      withCountry(
        {
          kind: "credit",
          id: p.id,
          profileId: p.profileId,
          direction: "in",
          amountMinor: p.amountMinor,
          currency: p.currency,
          at: p.receivedAt,
        },
        () => ibanCountryOf(field(incomingDebtor({ debtor }), "iban")),
      ),
    );
  }
  return movements;
}

/** The movement with its `ibanCountry` read from `country` when first asked for, and kept. */
function withCountry(movement: Omit<Movement, "ibanCountry">, country: () => string | null): Movement {
  let known: string | null | undefined;
  return Object.defineProperty(movement, "ibanCountry", {
    enumerable: true,
    get: () => (known === undefined ? (known = country()) : known),
  }) as Movement;
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
