import { syntheticList } from "../server/screening/match/testing/synthetic-list.ts";
import { mulberry32 } from "../server/testing/seeded-random.ts";

/**
 * A full-size OFAC SDN list (`sdn.xml`) for P9's import leg: the official format with every part the reader takes
 * (names and strong and weak a.k.a.s, dates of birth, nationalities, identifiers, addresses, digital currency
 * addresses, programmes), the names drawn from the seeded synthetic list. The real file holds some 18,000 entries in
 * about 25 MB; so does this one by default. `changeEvery` > 0 renames every n-th entry and drops the last hundred:
 * the next issue of the same list.
 */

const COUNTRIES = ["Russia", "Iran", "Syria", "Korea, North", "Venezuela", "Cuba", "Belarus", "Lebanon", "Iraq"];
const PROGRAMS = ["SDGT", "RUSSIA-EO14024", "IRAN", "CYBER2", "SYRIA", "DPRK3", "GLOMAG"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function splitName(name: string): { first?: string; last: string } {
  const parts = name.split(" ");
  return parts.length > 1 ? { first: parts.slice(0, -1).join(" "), last: parts.at(-1)! } : { last: name };
}

export function ofacSdnXml(options: { entries: number; seed: number; published: Date; changeEvery?: number }): string {
  const list = syntheticList(mulberry32(options.seed), options.entries);
  const keep = options.changeEvery ? list.slice(0, list.length - 100) : list;
  const p = options.published;
  const date = `${String(p.getUTCMonth() + 1).padStart(2, "0")}/${String(p.getUTCDate()).padStart(2, "0")}/${p.getUTCFullYear()}`;
  const chunks: string[] = [
    `<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">\n`,
    `  <publshInformation>\n    <Publish_Date>${date}</Publish_Date>\n    <Record_Count>${keep.length}</Record_Count>\n  </publshInformation>\n`,
  ];
  let uid = 1_000_000;
  keep.forEach(({ entry }, i) => {
    const renamed = options.changeEvery !== undefined && options.changeEvery > 0 && i % options.changeEvery === 0;
    const names = entry.names.map((n) => ({ ...n, name: renamed ? `${n.name} Jr` : n.name }));
    const person = entry.kind === "person";
    const main = splitName(names[0]!.name);
    const country = COUNTRIES[i % COUNTRIES.length]!;
    const lines = [`  <sdnEntry>`, `    <uid>${10_000 + i}</uid>`];
    if (person && main.first) lines.push(`    <firstName>${xml(main.first)}</firstName>`);
    lines.push(`    <lastName>${xml(person ? main.last : names[0]!.name)}</lastName>`);
    lines.push(`    <sdnType>${person ? "Individual" : "Entity"}</sdnType>`);
    lines.push(`    <programList>`, `      <program>${PROGRAMS[i % PROGRAMS.length]}</program>`, `    </programList>`);
    lines.push(`    <idList>`);
    lines.push(
      `      <id>`,
      `        <uid>${uid++}</uid>`,
      `        <idType>${person ? "Passport" : "Registration Number"}</idType>`,
      `        <idNumber>${(7_000_000 + i * 37).toString(36).toUpperCase()}</idNumber>`,
      `        <idCountry>${country}</idCountry>`,
      `      </id>`,
    );
    if (i % 40 === 0) {
      const address = `0x${(BigInt(i + 1) * 0x9e3779b97f4a7c15n).toString(16).padStart(40, "0").slice(-40)}`;
      lines.push(
        `      <id>`,
        `        <uid>${uid++}</uid>`,
        `        <idType>Digital Currency Address - ETH</idType>`,
        `        <idNumber>${address}</idNumber>`,
        `      </id>`,
      );
    }
    lines.push(`    </idList>`);
    if (names.length > 1) {
      lines.push(`    <akaList>`);
      for (const alias of names.slice(1)) {
        const parts = splitName(alias.name);
        lines.push(`      <aka>`, `        <uid>${uid++}</uid>`, `        <type>a.k.a.</type>`);
        lines.push(`        <category>${alias.weak ? "weak" : "strong"}</category>`);
        lines.push(`        <lastName>${xml(person ? parts.last : alias.name)}</lastName>`);
        if (person && parts.first) lines.push(`        <firstName>${xml(parts.first)}</firstName>`);
        lines.push(`      </aka>`);
      }
      lines.push(`    </akaList>`);
    }
    lines.push(
      `    <addressList>`,
      `      <address>`,
      `        <uid>${uid++}</uid>`,
      `        <city>City ${i % 500}</city>`,
      `        <country>${country}</country>`,
      `      </address>`,
      `    </addressList>`,
    );
    if (person) {
      const [year, month = "01", day = "01"] = (entry.birthDates[0] ?? `${1950 + (i % 50)}`).split("-");
      lines.push(
        `    <nationalityList>`,
        `      <nationality>`,
        `        <uid>${uid++}</uid>`,
        `        <country>${country}</country>`,
        `        <mainEntry>true</mainEntry>`,
        `      </nationality>`,
        `    </nationalityList>`,
        `    <dateOfBirthList>`,
        `      <dateOfBirthItem>`,
        `        <uid>${uid++}</uid>`,
        `        <dateOfBirth>${day} ${MONTHS[Number(month) - 1] ?? "Jan"} ${year}</dateOfBirth>`,
        `        <mainEntry>true</mainEntry>`,
        `      </dateOfBirthItem>`,
        `    </dateOfBirthList>`,
      );
    }
    lines.push(`  </sdnEntry>\n`);
    chunks.push(lines.join("\n"));
  });
  chunks.push(`</sdnList>\n`);
  return chunks.join("");
}
