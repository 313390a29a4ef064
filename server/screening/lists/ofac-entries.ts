import { type ListEntryKind } from "../list-entry.ts";
import { type EntryDraft } from "./list-entries.ts";
import { listRefusal } from "./list-file-gate.ts";

/*
 * What the OFAC SDN list's two formats (sdn.xml and the CSV trio) share: the entry types, the identifier types that
 * are digital currency addresses, and the identifier "types" that are sentences of advice rather than identifiers.
 */

const KINDS: Record<string, ListEntryKind> = {
  individual: "person",
  entity: "entity",
  vessel: "vessel",
  aircraft: "aircraft",
  "": "entity",
};

/** The entry kind of an `sdnType` (the CSV writes it lower case, and nothing for an entity). */
export function ofacKind(type: string, uid: string): ListEntryKind {
  const kind = KINDS[type.trim().toLowerCase()];
  if (!kind) throw listRefusal(`has an entry of a type OFAC does not publish: "${type}" (uid ${uid})`);
  return kind;
}

const WALLET = /^Digital Currency Address - ([A-Za-z0-9]+)$/;

/** Adds an OFAC identifier: a digital currency address becomes a wallet, advice ("…:", "… -") is left out. */
export function addOfacId(draft: EntryDraft, type: string, value: string, country?: string): void {
  const trimmed = type.trim();
  const wallet = WALLET.exec(trimmed);
  if (wallet) draft.wallet(wallet[1]!.toUpperCase(), value);
  else if (!/[:-]$/.test(trimmed) && trimmed !== "Gender") draft.identifier(trimmed, value, country);
}
