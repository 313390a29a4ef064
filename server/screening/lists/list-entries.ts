import { type ListEntry, type ListEntryKind, type ListIdentifier } from "../list-entry.ts";
import { countryCode } from "./country-codes.ts";
import { listRefusal } from "./list-file-gate.ts";

/*
 * One entry as a reader gathers it: names, dates, countries and identifiers added as the record gives them, each kept
 * once, and the entry checked whole at the end. An entry without its list's identifier or without any name cannot be
 * screened or told apart from the next version's, so it refuses the whole file (never a list with a hole in it).
 */

/**
 * The text with its white space collapsed, as a string of its own: V8 keeps the whole 64 kB chunk of the file a
 * substring was cut from alive as long as the substring lives, so every kept value is copied out, or a list held
 * in memory would hold its whole file with it (measured: 350 MB instead of 210 MB for a 64 MB list).
 */
const clean = (text: string | undefined) => Buffer.from((text ?? "").replace(/\s+/g, " ").trim()).toString();

export class EntryDraft {
  private readonly entry: ListEntry;
  private readonly seen = new Set<string>();

  constructor(
    ref: string,
    kind: ListEntryKind,
    private readonly where: string,
  ) {
    this.entry = {
      ref: clean(ref),
      kind,
      names: [],
      birthDates: [],
      nationalities: [],
      countries: [],
      identifiers: [],
      walletAddresses: [],
      programs: [],
    };
  }

  /** Adds a name; the first primary one is the entry's main name, a name already there is not added again. */
  name(text: string | undefined, options: { primary?: boolean; weak?: boolean } = {}): this {
    const name = clean(text);
    if (name === "" || this.entry.names.some((known) => known.name === name)) return this;
    const primary = options.primary === true && !this.entry.names.some((known) => known.primary);
    const entryName = { name, primary, ...(options.weak ? { weak: true } : {}) };
    if (primary) this.entry.names.unshift(entryName);
    else this.entry.names.push(entryName);
    return this;
  }

  birthDate(date: string | undefined): this {
    return this.add(this.entry.birthDates, date);
  }

  /** A nationality or citizenship as the list writes it (a name or a code); one no table knows is left out. */
  nationality(country: string | undefined): this {
    return this.add(this.entry.nationalities, countryCode(country));
  }

  country(country: string | undefined): this {
    return this.add(this.entry.countries, countryCode(country));
  }

  identifier(kind: string | undefined, value: string | undefined, country?: string): this {
    const identifier: ListIdentifier = { kind: clean(kind), value: clean(value) };
    const code = countryCode(country);
    if (code) identifier.country = code;
    if (identifier.kind === "" || identifier.value === "") return this;
    const key = `id\u0000${identifier.kind}\u0000${identifier.value}\u0000${code ?? ""}`;
    if (this.seen.has(key)) return this;
    this.seen.add(key);
    this.entry.identifiers.push(identifier);
    return this;
  }

  wallet(currency: string, address: string): this {
    const wallet = { currency: clean(currency), address: clean(address) };
    const key = `wallet\u0000${wallet.currency}\u0000${wallet.address}`;
    if (wallet.currency === "" || wallet.address === "" || this.seen.has(key)) return this;
    this.seen.add(key);
    this.entry.walletAddresses.push(wallet);
    return this;
  }

  program(program: string | undefined): this {
    return this.add(this.entry.programs, clean(program) || undefined);
  }

  listedOn(date: string | undefined): this {
    if (date && !this.entry.listedOn) this.entry.listedOn = date;
    return this;
  }

  remark(text: string | undefined): this {
    const remark = clean(text);
    if (remark !== "") this.entry.remarks = this.entry.remarks ? `${this.entry.remarks} ${remark}` : remark;
    return this;
  }

  /** The entry, checked: it has its list's identifier and a name, the primary one first. */
  done(): ListEntry {
    if (this.entry.ref === "") throw listRefusal(`has an entry without its identifier (${this.where})`);
    if (this.entry.names.length === 0) throw listRefusal(`has an entry without a name (${this.where})`);
    if (!this.entry.names[0]!.primary) this.entry.names[0]!.primary = true;
    return this.entry;
  }

  private add(values: string[], value: string | undefined): this {
    if (value !== undefined && value !== "" && !values.includes(value)) values.push(value);
    return this;
  }
}

/** Refuses a file in which two entries share an identifier: a later version could not say which one changed. */
export function checkUniqueRefs(entries: ListEntry[]): void {
  const refs = new Set<string>();
  for (const entry of entries) {
    if (refs.has(entry.ref)) throw listRefusal(`has two entries with the identifier ${entry.ref}`);
    refs.add(entry.ref);
  }
}

/** Refuses a list that holds no entry: every list these formats carry has thousands, an empty one is broken. */
export function checkNotEmpty(entries: ListEntry[], title: string): void {
  if (entries.length === 0) throw listRefusal(`is ${title} without a single entry`);
}
