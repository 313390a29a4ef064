import type { DbOrTx } from "../../db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { ibanIndexOf } from "../../ibans/iban-number.ts";
import { writableBySql } from "../../oauth/accessible-profiles.ts";
import type { Caller } from "../../oauth/caller.ts";
import { openEmail } from "../../users/user-email.ts";
import type { LookUp } from "./entry-rows.ts";

/* Who holds a virtual IBAN credited, and whether a credit to it can be minted (./mint-credits.ts mints it). */

/** A virtual IBAN as the importer sees it: who holds it, where it mints, and whether it takes payments. */
export type IbanHolder = {
  iban: string;
  profileId: string;
  address: string;
  chain: string;
  ibanState: string;
  profileState: string;
  /** Whether the restricted reporter (`writableBy`) may write the profile; true without one. */
  writable: boolean;
  /** The profile's members' addresses (lower case), told of a payment minted ("payment received"). */
  emails: string[];
};

type HolderRow = Omit<IbanHolder, "iban" | "emails"> & {
  ibanIndex: string | null;
  stored: unknown;
  sealedEmails: unknown[];
};

/**
 * The look-up of the holders of these IBANs (electronic format), by IBAN, whatever their state, with their members'
 * addresses; alone (`ibanHolders`) or inside a batch's statement (`importLines`).
 */
export function ibanHoldersLookUp(ibans: readonly string[], writableBy?: Caller): LookUp<Map<string, IbanHolder>> {
  const wanted = [...new Set(ibans)];
  // Numbers are sealed (C70): found by their blind index, or by the plain number of a row not indexed yet.
  const byIndex = new Map(wanted.map((iban) => [ibanIndexOf(iban), iban]));
  return {
    sql: Prisma.sql`
      SELECT i."ibanIndex", i."iban" AS "stored", i."profileId"::text AS "profileId", i."address", i."chain",
        i."state"::text AS "ibanState", p."state"::text AS "profileState",
        ${writableBy ? writableBySql(writableBy, Prisma.sql`i."profileId"`) : Prisma.sql`true`} AS "writable",
        (SELECT coalesce(jsonb_agg(u."email"), '[]'::jsonb)
          FROM "ProfileMember" m JOIN "User" u ON u."id" = m."userId" WHERE m."profileId" = i."profileId")
          AS "sealedEmails"
      FROM "Iban" i JOIN "Profile" p ON p."id" = i."profileId"
      WHERE i."ibanIndex" IN (SELECT jsonb_array_elements_text(${JSON.stringify([...byIndex.keys()])}::jsonb))
        OR (i."ibanIndex" IS NULL AND i."iban" IN (SELECT jsonb_array_elements(${JSON.stringify(wanted)}::jsonb)))`,
    read: (rows) =>
      new Map(
        (rows as HolderRow[]).map(({ ibanIndex, stored, sealedEmails, ...row }) => {
          const iban = (ibanIndex !== null && byIndex.get(ibanIndex)) || (stored as string);
          // The people's addresses are sealed at rest (C70): opened here, not in the statement.
          const emails = [...new Set(sealedEmails.map((email) => openEmail(email).toLowerCase()))];
          return [iban, { ...row, iban, emails }];
        }),
      ),
  };
}

/** The holders of these IBANs (electronic format), by IBAN, whatever their state, with their members' addresses. */
export async function ibanHolders(
  tx: DbOrTx,
  ibans: readonly string[],
  writableBy?: Caller,
): Promise<Map<string, IbanHolder>> {
  if (ibans.length === 0) return new Map();
  const lookUp = ibanHoldersLookUp(ibans, writableBy);
  return lookUp.read(await tx.$queryRaw<unknown[]>(lookUp.sql));
}

/**
 * Why a credit to this holder's IBAN cannot be minted, in words; undefined when it can. The words do not repeat the
 * IBAN, which the entry keeps sealed beside them (a customer's own, C70): a problem is stored as it is.
 */
export function holderProblem(holder: IbanHolder | undefined): string | undefined {
  if (!holder) return "the IBAN credited is not one of ours";
  if (holder.ibanState !== "approved") return `the IBAN credited does not take payments (it is ${holder.ibanState})`;
  if (holder.profileState !== "approved") {
    return `the profile holding the IBAN credited is ${holder.profileState}, not approved`;
  }
  return undefined;
}
