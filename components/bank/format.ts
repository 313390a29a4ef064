import { displayAmount } from "@/server/money/display";

/** An amount with its currency as the console writes it everywhere (`€10.50`), or a dash when none. */
export function money(amount: string | null | undefined, currency: string | null | undefined): string {
  return amount && currency ? displayAmount(amount, currency) : "—";
}

/** Counts by result, in words: `Minted: 2 · Exception: 1`. */
export function countsText(counts: Record<string, unknown>, words: Record<string, string>): string {
  const parts = Object.entries(counts)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0)
    .map(([result, count]) => `${words[result] ?? result}: ${count}`);
  return parts.join(" · ");
}

/** Megabytes, for a size limit: `64 MB`. */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** An imported file's counts by result, whether its summary holds them flat or under `counts`. */
export function summaryCounts(summary: Record<string, unknown>): Record<string, unknown> {
  const nested = summary.counts;
  return nested !== null && typeof nested === "object" ? (nested as Record<string, unknown>) : summary;
}
