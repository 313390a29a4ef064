import { type ParsedList } from "../list-entry.ts";
import { isoDate, partialDate } from "./list-dates.ts";
import { EntryDraft, checkNotEmpty, checkUniqueRefs } from "./list-entries.ts";
import { type ListBytes } from "./list-file-gate.ts";
import { all, readXmlRecords, textAt, type XmlNode } from "./xml-records.ts";

/*
 * The UN Security Council consolidated list (scsanctions.un.org, XML without a namespace, schema sc-sanctions.xsd):
 * `INDIVIDUALS/INDIVIDUAL` and `ENTITIES/ENTITY`, each with its `DATAID`. The main name is the name parts in order;
 * `NAME_ORIGINAL_SCRIPT` (often Arabic) is kept as an alias, and aliases of `QUALITY` "Low" (or "Very Low") are weak.
 */

export const UN_TITLE = "the UN Security Council consolidated list (XML)";

const WEAK = new Set(["low", "very low"]);

function birthDates(node: XmlNode): string[] {
  const date = isoDate(textAt(node, "DATE"));
  if (date) return [date];
  return ["YEAR", "FROM_YEAR", "TO_YEAR"]
    .map((name) => textAt(node, name))
    .filter((year) => /^\d{4}$/.test(year))
    .map((year) => partialDate(Number(year))!);
}

function readRecord(node: XmlNode, index: number) {
  const person = node.name === "INDIVIDUAL";
  const draft = new EntryDraft(textAt(node, "DATAID"), person ? "person" : "entity", `${node.name} ${index + 1}`);
  const parts = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((name) => textAt(node, name));
  draft.name(parts.filter(Boolean).join(" "), { primary: true });
  draft.name(textAt(node, "NAME_ORIGINAL_SCRIPT"));
  for (const alias of all(node, person ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS")) {
    draft.name(textAt(alias, "ALIAS_NAME"), { weak: WEAK.has(textAt(alias, "QUALITY").toLowerCase()) });
  }
  for (const birth of all(node, "INDIVIDUAL_DATE_OF_BIRTH"))
    for (const date of birthDates(birth)) draft.birthDate(date);
  for (const nationality of all(node, "NATIONALITY/VALUE")) draft.nationality(nationality.text);
  for (const path of ["INDIVIDUAL_ADDRESS/COUNTRY", "ENTITY_ADDRESS/COUNTRY", "INDIVIDUAL_PLACE_OF_BIRTH/COUNTRY"]) {
    for (const country of all(node, path)) draft.country(country.text);
  }
  for (const document of all(node, "INDIVIDUAL_DOCUMENT")) {
    const country = textAt(document, "ISSUING_COUNTRY") || textAt(document, "COUNTRY_OF_ISSUE");
    draft.identifier(textAt(document, "TYPE_OF_DOCUMENT"), textAt(document, "NUMBER"), country);
  }
  draft.identifier("UN reference number", textAt(node, "REFERENCE_NUMBER"));
  draft.program(textAt(node, "UN_LIST_TYPE"));
  draft.listedOn(isoDate(textAt(node, "LISTED_ON")));
  draft.remark(textAt(node, "COMMENTS1"));
  return draft.done();
}

/** Reads the UN list's XML; refuses anything else, anything cut short and any entry without id or name. */
export async function readUnList(input: ListBytes): Promise<ParsedList> {
  const entries: ParsedList["entries"] = [];
  const root = await readXmlRecords(
    input,
    {
      title: UN_TITLE,
      root: "CONSOLIDATED_LIST",
      namespaces: [""],
      records: [
        ["INDIVIDUALS", "INDIVIDUAL"],
        ["ENTITIES", "ENTITY"],
      ],
    },
    (node) => entries.push(readRecord(node, entries.length)),
  );
  checkNotEmpty(entries, UN_TITLE);
  checkUniqueRefs(entries);
  return { source: "un", ...(root.dateGenerated ? { publishedAt: root.dateGenerated } : {}), entries };
}
