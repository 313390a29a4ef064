import { type ParsedList } from "../list-entry.ts";
import { ofacDates, usDate } from "./list-dates.ts";
import { EntryDraft, checkNotEmpty, checkUniqueRefs } from "./list-entries.ts";
import { listRefusal, type ListBytes } from "./list-file-gate.ts";
import { addOfacId, ofacKind } from "./ofac-entries.ts";
import { all, readXmlRecords, textAt, type XmlNode } from "./xml-records.ts";

/*
 * OFAC's Specially Designated Nationals list as `sdn.xml` (the Sanctions List Service's namespace, or tempuri.org's
 * in files before 2024; the non-SDN consolidated list has the same shape). One `sdnEntry` per listing, its `uid` the
 * reference. Aliases of `category` "weak" are weak; `idList` entries typed "Digital Currency Address - ETH" (XBT,
 * USDT, …) are the entry's wallets. The header's `Record_Count` must match the entries read: a file that says it
 * has more than it holds was cut, and is refused.
 */

export const OFAC_NAMESPACES = [
  "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML",
  "http://tempuri.org/sdnList.xsd",
];
export const OFAC_XML_TITLE = "the OFAC SDN list (sdn.xml)";

const joined = (node: XmlNode) => [textAt(node, "firstName"), textAt(node, "lastName")].filter(Boolean).join(" ");

function readEntry(node: XmlNode, index: number) {
  const uid = textAt(node, "uid");
  const draft = new EntryDraft(uid, ofacKind(textAt(node, "sdnType"), uid), `sdnEntry ${index + 1}`);
  draft.name(joined(node), { primary: true });
  for (const aka of all(node, "akaList/aka")) draft.name(joined(aka), { weak: textAt(aka, "category") === "weak" });
  for (const item of all(node, "dateOfBirthList/dateOfBirthItem")) {
    for (const date of ofacDates(textAt(item, "dateOfBirth"))) draft.birthDate(date);
  }
  for (const path of ["nationalityList/nationality", "citizenshipList/citizenship"]) {
    for (const item of all(node, path)) draft.nationality(textAt(item, "country"));
  }
  for (const address of all(node, "addressList/address")) draft.country(textAt(address, "country"));
  for (const place of all(node, "placeOfBirthList/placeOfBirthItem")) {
    draft.country(textAt(place, "placeOfBirth").split(",").at(-1));
  }
  for (const vessel of all(node, "vesselInfo")) {
    draft.country(textAt(vessel, "vesselFlag"));
    draft.identifier("Call Sign", textAt(vessel, "callSign"));
  }
  for (const id of all(node, "idList/id")) {
    addOfacId(draft, textAt(id, "idType"), textAt(id, "idNumber"), textAt(id, "idCountry"));
  }
  for (const program of all(node, "programList/program")) draft.program(program.text);
  draft.remark(textAt(node, "remarks"));
  return draft.done();
}

/** Reads OFAC's sdn.xml; refuses anything else, anything cut short, any entry without uid or name. */
export async function readOfacSdnXml(input: ListBytes): Promise<ParsedList> {
  const entries: ParsedList["entries"] = [];
  let published: XmlNode | undefined;
  await readXmlRecords(
    input,
    {
      title: OFAC_XML_TITLE,
      root: "sdnList",
      namespaces: OFAC_NAMESPACES,
      records: [["publshInformation"], ["sdnEntry"]],
    },
    (node) => {
      if (node.name === "publshInformation") published = node;
      else entries.push(readEntry(node, entries.length));
    },
  );
  checkNotEmpty(entries, OFAC_XML_TITLE);
  checkUniqueRefs(entries);
  const count = textAt(published, "Record_Count");
  if (count !== "" && Number(count) !== entries.length) {
    throw listRefusal(`says it has ${count} entries (Record_Count) but holds ${entries.length}`);
  }
  const publishedAt = usDate(textAt(published, "Publish_Date"));
  return { source: "ofac", ...(publishedAt ? { publishedAt } : {}), entries };
}
