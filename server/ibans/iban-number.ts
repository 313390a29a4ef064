import { Prisma } from "../generated/prisma/client.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { IBAN_NUMBER } from "../keys/people-columns.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * Our IBANs' numbers are sealed at rest (C70): written through `ibanNumberData`, read through `withIbanOpened`, and
 * found only through the number's blind index (`whereIbanNumber`, `ibanIndexOf` for SQL), by which credits are routed.
 */

/** The columns that store a number (electronic format): sealed, and its blind index. */
export function ibanNumberData(iban: string): { iban: Prisma.InputJsonValue; ibanIndex: string } {
  return { iban: sealAtRest(iban, IBAN_NUMBER), ibanIndex: ibanIndexOf(iban) };
}

export function ibanIndexOf(iban: string): string {
  return blindIndex(IBAN_NUMBER, "iban", iban);
}

/**
 * The IBAN numbered `iban` (electronic format): by its blind index, or, for a row provisioned before sealing began
 * that the sealing pass has not indexed yet, by its plain number.
 */
export function whereIbanNumber(iban: string): Prisma.IbanWhereInput {
  return { OR: [{ ibanIndex: ibanIndexOf(iban) }, { ibanIndex: null, iban: { equals: iban } }] };
}

/** A provisioned IBAN (its number is set), in a Prisma filter. */
export const HAS_NUMBER: Prisma.IbanWhereInput = { iban: { not: Prisma.DbNull } };

/** The row with its number opened (null until provisioned). */
export function withIbanOpened<T extends { iban: unknown }>(row: T): Omit<T, "iban"> & { iban: string | null } {
  return { ...row, iban: row.iban === null ? null : openValue<string | null>(row.iban, IBAN_NUMBER) };
}
