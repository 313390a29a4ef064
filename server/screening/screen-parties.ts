import { electronicFormatIBAN } from "ibantools";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { openScreeningCase, type CaseHold } from "./cases/open-case.ts";
import type { ScreeningHit, ScreeningIndex } from "./match/screening-index.ts";
import type { ScreeningSubject, SubjectKind } from "./screening-subjects.ts";

/**
 * The other side of a movement (C64): the counterpart a redeem order pays out to, the debtor whose credit mints. A
 * bank file gives a debtor's name alone, with no word of whether it is a person or a company, so such a name is
 * screened as both.
 */

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The IBAN's country (its first two letters), which moves a match's score like a residence does. */
function ibanCountry(iban: unknown): string[] {
  const compact = typeof iban === "string" ? (electronicFormatIBAN(iban) ?? "") : "";
  return /^[A-Z]{2}/.test(compact) ? [compact.slice(0, 2)] : [];
}

/** A name of unknown kind, as a person and as a company. */
function eitherKind(kind: SubjectKind, name: string, countries: string[]): ScreeningSubject[] {
  if (!name) return [];
  return (["person", "entity"] as const).map((nameKind) => ({ kind, query: { name, kind: nameKind, countries } }));
}

/**
 * Who a redeem order to an IBAN pays: its details' person (`firstName`, `lastName`), company (`companyName`) or
 * plain `name`, with the details' country and the IBAN's. Orders to another chain pay nobody at a bank.
 */
export function counterpartSubjects(counterpart: Prisma.JsonValue): ScreeningSubject[] {
  if (!counterpart || typeof counterpart !== "object" || Array.isArray(counterpart)) return [];
  const { identifier, details } = counterpart as { identifier?: Record<string, unknown>; details?: unknown };
  if (identifier?.standard !== "iban") return [];
  const d = (details && typeof details === "object" ? details : {}) as Record<string, unknown>;
  const countries = [...new Set([text(d.country).toUpperCase(), ...ibanCountry(identifier.iban)])].filter((c) =>
    /^[A-Z]{2}$/.test(c),
  );
  const person = [text(d.firstName), text(d.lastName)].filter(Boolean).join(" ");
  const subjects: ScreeningSubject[] = [];
  if (person) subjects.push({ kind: "counterpart", query: { name: person, kind: "person", countries } });
  if (text(d.companyName)) {
    subjects.push({ kind: "counterpart", query: { name: text(d.companyName), kind: "entity", countries } });
  }
  if (subjects.length === 0) subjects.push(...eitherKind("counterpart", text(d.name), countries));
  return subjects;
}

/** Who sent a credit, as the bank's statement names them. */
export function debtorSubjects(debtor: { name?: string | null; iban?: string | null }): ScreeningSubject[] {
  return eitherKind("debtor", text(debtor.name), ibanCountry(debtor.iban));
}

export type PartyHit = { subject: ScreeningSubject; hit: ScreeningHit };

/** Every potential hit on these subjects at the configured threshold. */
export function screenSubjects(index: ScreeningIndex, subjects: ScreeningSubject[]): PartyHit[] {
  const threshold = getConfig().screening.threshold;
  return subjects.flatMap((subject) => index.screenName(subject.query, { threshold }).map((hit) => ({ subject, hit })));
}

/** Opens a case per hit, holding what the movement is; returns the ids of the cases open on it. */
export async function openPartyCases(
  tx: Prisma.TransactionClient,
  options: { profileId: string | null; hits: PartyHit[]; hold: CaseHold; now: Date },
): Promise<string[]> {
  const ids: string[] = [];
  for (const { subject, hit } of options.hits) {
    const id = await openScreeningCase(tx, { ...options, subject, hit });
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * A movement waits while a case holding it is open, and never goes on past a confirmed one (C64). Refused with the
 * case's number: only operators process orders and assign credits, and they need to know where it waits.
 */
export async function refuseWhileHeld(
  tx: Prisma.TransactionClient,
  hold: { holds: "order" | "credit"; holdsId: string },
): Promise<void> {
  const held = await tx.complianceCase.findFirst({
    where: { holds: hold.holds, holdsId: hold.holdsId, state: { in: ["open", "confirmed"] } },
    orderBy: { seq: "asc" },
    select: { seq: true, state: true },
  });
  if (!held) return;
  const what = hold.holds === "order" ? "order" : "credit";
  throw new AppError(
    "CONFLICT",
    held.state === "open"
      ? `A potential sanctions hit on this ${what}'s ${hold.holds === "order" ? "counterpart" : "debtor"} is open (case ${held.seq}): it waits for compliance's decision`
      : `Compliance confirmed a sanctions hit on this ${what} (case ${held.seq}): it cannot go on`,
  );
}

/** Orders and mints of a profile a confirmed hit froze are not made (C66). */
export async function refuseWhileFrozen(tx: Prisma.TransactionClient, profileId: string): Promise<void> {
  const profile = await tx.profile.findUnique({ where: { id: profileId }, select: { frozenAt: true } });
  if (profile?.frozenAt) {
    throw new AppError(
      "CONFLICT",
      "The profile is frozen by a confirmed compliance case: its orders are not processed",
    );
  }
}
