/*
 * Dates as the lists write them, made "YYYY", "YYYY-MM" or "YYYY-MM-DD" (what list-entry.ts keeps): only as precise
 * as the list is, and only real calendar dates. Anything else gives nothing rather than a guess.
 */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** A date from its parts, as precise as the parts given; undefined when the parts are not a real date. */
export function partialDate(year: number, month?: number, day?: number): string | undefined {
  if (!Number.isInteger(year) || year < 1000 || year > 2999) return undefined;
  if (month === undefined) return String(year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (day === undefined) return `${year}-${pad(month)}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > days) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

const number = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : undefined);

/** "1937-04-28", "1937-04", "1937", or an ISO timestamp ("2026-02-27T00:00:09Z" gives its date). */
export function isoDate(text: string): string | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T.*)?$/.exec(text.trim());
  if (!match) return undefined;
  return partialDate(Number(match[1]), number(match[2]), number(match[3]));
}

/** OFAC's "10 Dec 1948", "Dec 1948", "1948", with "circa"; a range "1961 to 1963" gives both ends. */
export function ofacDates(text: string): string[] {
  return text
    .replace(/^circa\s+/i, "")
    .split(/\s+to\s+/i)
    .flatMap((part) => {
      const match = /^(?:(\d{1,2})\s+)?(?:([A-Za-z]{3})[a-z]*\.?\s+)?(\d{4})$/.exec(part.trim());
      if (!match) return [];
      const month = match[2] ? MONTHS.indexOf(match[2].toLowerCase()) + 1 : undefined;
      if (month === 0) return [];
      const date = partialDate(Number(match[3]), month, number(match[1]));
      return date ? [date] : [];
    });
}

/** OFAC's publication date, "MM/DD/YYYY". */
export function usDate(text: string): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return match ? partialDate(Number(match[3]), Number(match[1]), Number(match[2])) : undefined;
}

/** The UK list's "12/11/1967", "dd/09/1958", "dd/mm/1968" (unknown parts as letters) and "1985". */
export function ukDate(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^\d{4}$/.test(trimmed)) return partialDate(Number(trimmed));
  const match = /^(\d{2}|dd)\/(\d{2}|mm)\/(\d{4})$/i.exec(trimmed);
  if (!match) return undefined;
  const month = number(match[2]);
  return partialDate(Number(match[3]), month, month === undefined ? undefined : number(match[1]));
}
