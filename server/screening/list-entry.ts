/**
 * One entry of a sanctions list, as every list's reader gives it (EU, UN, OFAC, UK): the shape the screening index,
 * the stored list versions and the case screens share. Each reader keeps what its list says and nothing it does not:
 * an absent date of birth is an empty array, never a guess.
 */

/** The lists Tokenrail reads, each from its publisher's own format. */
export const LIST_SOURCES = ["eu", "un", "ofac", "uk"] as const;
export type ListSource = (typeof LIST_SOURCES)[number];

/**
 * The sandbox's built-in test list (`server/screening/sandbox/test-list.ts`): names and addresses that always hit, so
 * integrators can see the flow. Never imported, indexed or served outside the sandbox.
 */
export const TEST_LIST = "sandbox" as const;
/** Every list an index may hold: the official ones and, in the sandbox only, the test list. */
export const SCREENED_SOURCES = [...LIST_SOURCES, TEST_LIST] as const;
export type ScreenedSource = (typeof SCREENED_SOURCES)[number];

export type ListEntryKind = "person" | "entity" | "vessel" | "aircraft";

export type ListName = {
  /** As the list writes it (any script); normalising is the matcher's work. */
  name: string;
  /** The list's main name for the entry; exactly one per entry. */
  primary: boolean;
  /** The list grades this alias weak or low quality (OFAC "weak aka", UN "Low quality", UK "low"). */
  weak?: boolean;
};

export type ListIdentifier = {
  /** What the list calls it: "Passport", "National ID", "IMO", "SWIFT/BIC", … */
  kind: string;
  value: string;
  /** ISO 3166-1 alpha-2 of the issuing country, when the list says. */
  country?: string;
};

export type ListWalletAddress = {
  /** The list's currency tag: "ETH", "XBT", "USDT", … */
  currency: string;
  address: string;
};

export type ListEntry = {
  /** The list's own identifier of the entry, stable across its versions (EU logicalId, UN DATAID, OFAC uid, UK id). */
  ref: string;
  kind: ListEntryKind;
  /** Every name and alias; the primary one first. */
  names: ListName[];
  /** Dates of birth or registration as far as known: "1970", "1970-05" or "1970-05-04". */
  birthDates: string[];
  /** Nationalities and citizenships, ISO 3166-1 alpha-2. */
  nationalities: string[];
  /** Countries of address, birth place or registration, ISO 3166-1 alpha-2. */
  countries: string[];
  identifiers: ListIdentifier[];
  /** Digital currency addresses the list names for the entry (OFAC). */
  walletAddresses: ListWalletAddress[];
  /** Sanctions programmes or regimes ("SDGT", "RUSSIA-EO14024", "Russia", …). */
  programs: string[];
  /** When the entry was listed, "YYYY-MM-DD", when the list says. */
  listedOn?: string;
  remarks?: string;
};

/** A whole list file, read. */
export type ParsedList = {
  source: ScreenedSource;
  /** The publisher's date for this issue of the list (ISO 8601), when the file carries one. */
  publishedAt?: string;
  /** The publisher's own version or generation mark, when the file carries one. */
  publisherVersion?: string;
  entries: ListEntry[];
};
