import { type ListEntryKind, type ParsedList } from "../list-entry.ts";
import { isoDate, ukDate } from "./list-dates.ts";
import { EntryDraft, checkNotEmpty, checkUniqueRefs } from "./list-entries.ts";
import { listRefusal, type ListBytes } from "./list-file-gate.ts";
import { all, readXmlRecords, textAt, type XmlNode } from "./xml-records.ts";

/*
 * The UK Sanctions List as the FCDO publishes it (sanctionslist.fcdo.gov.uk, XML without a namespace, schema
 * SanctionsListSchema-*.xsd): one `Designation` per person, entity or ship, its `UniqueID` ("AFG0011") the reference.
 * Since 28 January 2026 it is the UK's only list (OFSI's Consolidated List, `ArrayOfFinancialSanctionsTarget`, has
 * closed), so it is the one read. A name is its parts Name1…Name6 in order; "Primary Name" (any case) is the main
 * name, an alias of strength "Low quality a.k.a" is weak, and non-Latin names are kept as aliases.
 */

export const UK_TITLE = "the UK Sanctions List (FCDO XML)";

const KINDS: Record<string, ListEntryKind> = { individual: "person", entity: "entity", ship: "vessel" };

const NAME_PARTS = ["Name1", "Name2", "Name3", "Name4", "Name5", "Name6"];

function readDesignation(node: XmlNode, index: number) {
  const id = textAt(node, "UniqueID");
  const type = textAt(node, "IndividualEntityShip");
  const kind = KINDS[type.toLowerCase()];
  if (!kind) throw listRefusal(`has a designation of a type the UK list does not publish: "${type}" (${id})`);
  const draft = new EntryDraft(id, kind, `Designation ${index + 1}`);
  for (const name of all(node, "Names/Name")) {
    const text = NAME_PARTS.map((part) => textAt(name, part))
      .filter(Boolean)
      .join(" ");
    const primary = textAt(name, "NameType").toLowerCase() === "primary name";
    draft.name(text, { primary, weak: /^low/i.test(textAt(name, "AliasStrength")) });
  }
  for (const name of all(node, "NonLatinNames/NonLatinName")) draft.name(textAt(name, "NameNonLatinScript"));
  const individual = all(node, "IndividualDetails/Individual");
  for (const dob of all(individual[0], "DOBs/DOB")) draft.birthDate(ukDate(dob.text));
  for (const nationality of all(individual[0], "Nationalities/Nationality")) draft.nationality(nationality.text);
  for (const country of all(node, "Addresses/Address/AddressCountry")) draft.country(country.text);
  for (const place of all(individual[0], "BirthDetails/Location/CountryOfBirth")) draft.country(place.text);
  for (const passport of all(individual[0], "PassportDetails/Passport")) {
    draft.identifier("Passport", textAt(passport, "PassportNumber"));
  }
  for (const national of all(individual[0], "NationalIdentifierDetails/NationalIdentifier")) {
    draft.identifier("National ID", textAt(national, "NationalIdentifierNumber"));
  }
  const ship = all(node, "ShipDetails/Ship")[0];
  for (const imo of all(ship, "IMONumbers/IMONumber")) draft.identifier("IMO", imo.text);
  for (const flag of all(ship, "CurrentBelievedFlagOfShips/CurrentBelievedFlagOfShip")) draft.country(flag.text);
  for (const number of all(node, "EntityDetails/Entity/BusinessRegistrationNumbers/BusinessRegistrationNumber")) {
    draft.identifier("Business Registration Number", number.text);
  }
  draft.identifier("UN reference number", textAt(node, "UNReferenceNumber"));
  draft.program(textAt(node, "RegimeName"));
  draft.listedOn(ukDate(textAt(node, "DateDesignated")));
  draft.remark(textAt(node, "OtherInformation"));
  return draft.done();
}

/** Reads the UK Sanctions List's XML; refuses anything else, anything cut short, any entry without id or name. */
export async function readUkList(input: ListBytes): Promise<ParsedList> {
  const entries: ParsedList["entries"] = [];
  let generated = "";
  const root = await readXmlRecords(
    input,
    { title: UK_TITLE, root: "Designations", namespaces: [""], records: [["DateGenerated"], ["Designation"]] },
    (node) => {
      if (node.name === "DateGenerated") generated = node.text.trim();
      else entries.push(readDesignation(node, entries.length));
    },
  );
  checkNotEmpty(entries, UK_TITLE);
  checkUniqueRefs(entries);
  const publishedAt = root.dateGenerated && isoDate(root.dateGenerated) ? root.dateGenerated : ukDate(generated);
  return { source: "uk", ...(publishedAt ? { publishedAt } : {}), entries };
}
