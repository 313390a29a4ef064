import { type ListEntry, type ParsedList } from "../list-entry.ts";
import { ofacDates } from "./list-dates.ts";
import { EntryDraft, checkNotEmpty, checkUniqueRefs } from "./list-entries.ts";
import { listRefusal } from "./list-file-gate.ts";
import { csvRows, csvText } from "./ofac-csv.ts";
import { addOfacId, ofacKind } from "./ofac-entries.ts";

/*
 * OFAC's SDN list as its legacy CSV trio: sdn.csv (one row per entry: uid, name, type, programmes, vessel details
 * and a remarks sentence holding dates of birth, nationalities, identifiers, weak aliases and digital currency
 * addresses), alt.csv (the strong aliases) and add.csv (addresses). Only sdn.csv is required; an alias or address
 * row naming an entry sdn.csv does not have means the files are from different days, and is refused. sdn.xml
 * (read-ofac-sdn-xml.ts) carries the same facts structured and is the format to prefer.
 */

export const OFAC_CSV_TITLE = "the OFAC SDN list (sdn.csv)";

export type OfacCsvFiles = { sdn: Uint8Array; alt?: Uint8Array; add?: Uint8Array };

/** Identifier kinds the remarks name, longest first where one begins another. */
const ID_KINDS = [
  "Vessel Registration Identification",
  "Business Registration Number",
  "Registration Number",
  "Registration ID",
  "Identification Number",
  "National ID No.",
  "Tax ID No.",
  "Passport",
  "SSN",
  "SWIFT/BIC",
  "MMSI",
  "UK Company Number",
  "V.A.T. Number",
  "Cedula No.",
  "C.U.R.P.",
  "R.F.C.",
  "Email Address",
  "Website",
  "Phone Number",
  "Aircraft Manufacturer's Serial Number (MSN)",
  "Aircraft Mode S Transponder Code",
];

/** "LAST, First" as "First LAST", the order sdn.xml gives: a person's name only (an entity's comma is its own). */
function personName(name: string, person: boolean): string {
  const parts = name.split(", ");
  return person && parts.length === 2 ? `${parts[1]} ${parts[0]}` : name;
}

function readRemark(draft: EntryDraft, item: string): void {
  const remark = item.replace(/^alt\.\s+/, "").trim();
  let match: RegExpExecArray | null;
  if ((match = /^DOB (.+)$/.exec(remark))) for (const date of ofacDates(match[1]!)) draft.birthDate(date);
  else if ((match = /^(?:nationality|citizen) (.+)$/.exec(remark))) draft.nationality(match[1]);
  else if ((match = /^POB (.+)$/.exec(remark))) draft.country(match[1]!.split(",").at(-1));
  else if ((match = /^[afn]\.k\.a\. '(.+)'$/.exec(remark))) draft.name(match[1], { weak: true });
  else if ((match = /^(Digital Currency Address - [A-Za-z0-9]+) (\S+)$/.exec(remark))) {
    addOfacId(draft, match[1]!, match[2]!);
  } else {
    const kind = ID_KINDS.find((known) => remark.startsWith(`${known} `));
    if (!kind) return;
    const rest = /^(.*?)((?:\s+\([^)]*\))*)$/.exec(remark.slice(kind.length + 1))!;
    const countries = [...rest[2]!.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
    addOfacId(draft, kind, rest[1]!, countries.at(-1));
  }
}

/** Reads the CSV trio; refuses a file of another shape, rows cut short, strays between the files. */
export function readOfacSdnCsv(files: OfacCsvFiles): Promise<ParsedList> {
  const drafts = new Map<string, { draft: EntryDraft; person: boolean }>();
  for (const [index, row] of csvRows(csvText(files.sdn, "sdn.csv"), "sdn.csv", 12).entries()) {
    const [uid, name, type, programs, , callSign, , , , flag, , remarks] = row as [string, ...string[]];
    if (!/^\d+$/.test(uid)) throw listRefusal(`is not OFAC's sdn.csv: row ${index + 1} has no numeric uid`);
    const kind = ofacKind(type ?? "", uid);
    const draft = new EntryDraft(uid, kind, `sdn.csv row ${index + 1}`).name(personName(name!, kind === "person"), {
      primary: true,
    });
    for (const program of (programs ?? "").split("] [")) draft.program(program);
    draft.identifier("Call Sign", callSign).country(flag);
    for (const item of (remarks ?? "").replace(/\.$/, "").split(/;\s+/)) readRemark(draft, item);
    draft.remark(remarks);
    drafts.set(uid, { draft, person: kind === "person" });
  }
  const owner = (uid: string, file: string) => {
    const found = drafts.get(uid);
    if (!found) throw listRefusal(`names entry ${uid} in ${file}, which sdn.csv does not have`);
    return found;
  };
  if (files.alt) {
    for (const [uid, , , name] of csvRows(csvText(files.alt, "alt.csv"), "alt.csv", 5)) {
      const { draft, person } = owner(uid!, "alt.csv");
      draft.name(personName(name!, person));
    }
  }
  if (files.add) {
    for (const [uid, , , , country] of csvRows(csvText(files.add, "add.csv"), "add.csv", 6)) {
      owner(uid!, "add.csv").draft.country(country);
    }
  }
  const entries: ListEntry[] = [...drafts.values()].map(({ draft }) => draft.done());
  checkNotEmpty(entries, OFAC_CSV_TITLE);
  checkUniqueRefs(entries);
  return Promise.resolve({ source: "ofac", entries });
}
