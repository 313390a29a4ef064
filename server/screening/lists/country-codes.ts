import { isCountryCode } from "../../profiles/kyc-fields.ts";

/*
 * Country names and codes as the lists write them, made ISO 3166-1 alpha-2. The English names ICU knows for every
 * assigned code are the table's base ("Russia", "Côte d’Ivoire", "Bosnia & Herzegovina"); the lists' own spellings,
 * UN and OFAC style ("Russian Federation", "Iran (Islamic Republic of)", "Korea, North", "Burma"), are added below.
 * Names are compared folded: case, diacritics, punctuation, "&"/"and", "St."/"Saint" and a leading "the" do not
 * count. A name no table knows gives nothing: the entry keeps its other countries, none is guessed.
 */

const SPELLINGS: Record<string, string> = {
  "russian federation": "RU",
  "iran islamic republic of": "IR",
  "islamic republic of iran": "IR",
  "syrian arab republic": "SY",
  "korea north": "KP",
  "democratic people s republic of korea": "KP",
  "korea democratic people s republic of": "KP",
  dprk: "KP",
  "korea south": "KR",
  "republic of korea": "KR",
  "korea republic of": "KR",
  burma: "MM",
  myanmar: "MM",
  "lao people s democratic republic": "LA",
  "viet nam": "VN",
  "bolivia plurinational state of": "BO",
  "venezuela bolivarian republic of": "VE",
  "united republic of tanzania": "TZ",
  "tanzania united republic of": "TZ",
  "republic of moldova": "MD",
  "moldova republic of": "MD",
  congo: "CG",
  "republic of the congo": "CG",
  "congo republic of the": "CG",
  "democratic republic of the congo": "CD",
  "congo democratic republic of the": "CD",
  "cote d ivoire": "CI",
  "ivory coast": "CI",
  turkey: "TR",
  turkiye: "TR",
  "czech republic": "CZ",
  "slovak republic": "SK",
  "kyrgyz republic": "KG",
  macedonia: "MK",
  "north macedonia": "MK",
  "the former yugoslav republic of macedonia": "MK",
  swaziland: "SZ",
  "cabo verde": "CV",
  "cape verde": "CV",
  "brunei darussalam": "BN",
  "micronesia federated states of": "FM",
  "holy see": "VA",
  gambia: "GM",
  bahamas: "BS",
  palestinian: "PS",
  palestine: "PS",
  "state of palestine": "PS",
  "occupied palestinian territory": "PS",
  "west bank": "PS",
  gaza: "PS",
  "gaza strip": "PS",
  "hong kong": "HK",
  macau: "MO",
  macao: "MO",
  "united kingdom of great britain and northern ireland": "GB",
  "great britain": "GB",
  uk: "GB",
  "united states of america": "US",
  usa: "US",
  uae: "AE",
  "bosnia herzegovina": "BA",
  "timor leste": "TL",
  "east timor": "TL",
  "netherlands the": "NL",
  "libyan arab jamahiriya": "LY",
  "taiwan province of china": "TW",
  crimea: "UA",
  "virgin islands british": "VG",
  "virgin islands u s": "VI",
  "china hong kong special administrative region": "HK",
  "china macao special administrative region": "MO",
};

/** Folds a name for comparison: "Côte d’Ivoire" and "COTE D'IVOIRE" both become "cote d ivoire". */
export function foldCountryName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/\bsaint\b/g, "st")
    .replace(/\band\b/g, " ")
    .replace(/^the\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

let byName: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const built = new Map<string, string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (!isCountryCode(code)) continue;
      const name = names.of(code)!;
      built.set(foldCountryName(name), code);
      // "Myanmar (Burma)", "Hong Kong SAR China": the short name is the list's.
      built.set(foldCountryName(name.replace(/\s*\(.*\)$/, "").replace(/ SAR China$/, "")), code);
    }
  }
  for (const [name, code] of Object.entries(SPELLINGS)) built.set(foldCountryName(name), code);
  return (byName = built);
}

/** The ISO 3166-1 alpha-2 code of a country as a list writes it (a name or a two-letter code), if known. */
export function countryCode(value: string | undefined): string | undefined {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return undefined;
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    if (upper === "UK") return "GB";
    if (isCountryCode(upper)) return upper;
  }
  return table().get(foldCountryName(trimmed));
}
