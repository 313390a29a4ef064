import { type ListEntryKind, type ParsedList } from "../list-entry.ts";
import { isoDate, partialDate } from "./list-dates.ts";
import { EntryDraft, checkNotEmpty, checkUniqueRefs } from "./list-entries.ts";
import { type ListBytes } from "./list-file-gate.ts";
import { all, readXmlRecords, type XmlNode } from "./xml-records.ts";

/*
 * The EU consolidated list of persons, groups and entities subject to EU financial sanctions, as the Commission's
 * Financial Sanctions Files publish it (XML 1.1, namespace http://eu.europa.ec/fpi/fsd/export): one `sanctionEntity`
 * per listing, its `logicalId` the reference that stays across versions. Names are `nameAlias` (the first is the
 * main one; `strong="false"` marks a weak alias), in every language and script the regulations give.
 */

export const EU_NAMESPACE = "http://eu.europa.ec/fpi/fsd/export";
export const EU_TITLE = "the EU consolidated financial sanctions list (FSF XML)";

const KINDS: Record<string, ListEntryKind> = { person: "person", enterprise: "entity" };

/** A country the EU names by code; "00" is its "unknown". */
const euCountry = (node: XmlNode) => (node.attrs.countryIso2Code === "00" ? undefined : node.attrs.countryIso2Code);

function birthDate(node: XmlNode): string | undefined {
  const exact = isoDate(node.attrs.birthdate ?? "");
  if (exact) return exact;
  const part = (name: string) => (/^\d+$/.test(node.attrs[name] ?? "") ? Number(node.attrs[name]) : undefined);
  const year = part("year");
  if (year === undefined) return undefined;
  const month = part("monthOfYear");
  return partialDate(year, month, month === undefined ? undefined : part("dayOfMonth"));
}

function readEntity(node: XmlNode, index: number) {
  const code = all(node, "subjectType")[0]?.attrs.code ?? "";
  const draft = new EntryDraft(node.attrs.logicalId ?? "", KINDS[code] ?? "entity", `sanctionEntity ${index + 1}`);
  all(node, "nameAlias").forEach((alias, at) => {
    const parts = [alias.attrs.firstName, alias.attrs.middleName, alias.attrs.lastName].filter(Boolean).join(" ");
    draft.name(alias.attrs.wholeName || parts, { primary: at === 0, weak: alias.attrs.strong === "false" });
  });
  for (const birth of all(node, "birthdate")) draft.birthDate(birthDate(birth)).country(euCountry(birth));
  for (const citizenship of all(node, "citizenship")) draft.nationality(euCountry(citizenship));
  for (const address of all(node, "address")) draft.country(euCountry(address));
  for (const id of all(node, "identification")) {
    const kind = id.attrs.identificationTypeDescription || id.attrs.identificationTypeCode;
    draft.identifier(kind, id.attrs.number || id.attrs.latinNumber, euCountry(id));
  }
  const regulations = all(node, "regulation");
  for (const regulation of regulations) draft.program(regulation.attrs.programme);
  const published = regulations.map((r) => isoDate(r.attrs.publicationDate ?? "")).filter((d) => d !== undefined);
  draft.listedOn(isoDate(node.attrs.designationDate ?? "") ?? published.sort()[0]);
  for (const remark of all(node, "remark")) draft.remark(remark.text);
  return draft.done();
}

/** Reads the EU list's XML; refuses anything else, anything cut short and any entry without id or name. */
export async function readEuList(input: ListBytes): Promise<ParsedList> {
  const entries: ParsedList["entries"] = [];
  const root = await readXmlRecords(
    input,
    { title: EU_TITLE, root: "export", namespaces: [EU_NAMESPACE], records: [["sanctionEntity"]] },
    (node) => entries.push(readEntity(node, entries.length)),
  );
  checkNotEmpty(entries, EU_TITLE);
  checkUniqueRefs(entries);
  return {
    source: "eu",
    ...(root.generationDate ? { publishedAt: root.generationDate } : {}),
    ...(root.globalFileId ? { publisherVersion: root.globalFileId } : {}),
    entries,
  };
}
