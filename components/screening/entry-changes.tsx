import { ColumnHeads } from "@/components/console/column-heads";
import { screeningCopy } from "@/components/copy/screening";
import { TableScroll } from "@/components/layout/table-scroll";
import type { ListEntry } from "@/server/screening/list-entry";
import type { EntryChangeView } from "@/server/screening/lists/list-versions";

const text = screeningCopy.version;

/** What the console says of an entry in one line: kind, other names, dates, nationalities. */
function entryLine(entry: ListEntry): string {
  const aliases = entry.names.filter((n) => !n.primary).map((n) => n.name);
  return [
    entry.kind,
    aliases.length > 0 ? `aka ${aliases.slice(0, 5).join("; ")}${aliases.length > 5 ? "; …" : ""}` : "",
    entry.birthDates.length > 0 ? `born ${entry.birthDates.join(", ")}` : "",
    entry.nationalities.length > 0 ? entry.nationalities.join(", ") : "",
    entry.walletAddresses.length > 0 ? `${entry.walletAddresses.length} wallet address(es)` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}

const primaryName = (entry: ListEntry | null) =>
  entry ? ((entry.names.find((n) => n.primary) ?? entry.names[0])?.name ?? "") : "";

/** A page of a version's entry changes: the entry as it became (or, removed, as it was). */
export function EntryChanges({ changes }: { changes: EntryChangeView[] }) {
  return (
    <TableScroll label={text.caption}>
      <table className="data-table">
        <caption className="visually-hidden">{text.caption}</caption>
        <ColumnHeads columns={text.columns} />
        <tbody>
          {changes.map((c) => {
            const entry = c.after ?? c.before;
            return (
              <tr key={`${c.change}-${c.ref}`}>
                <td>{c.ref}</td>
                <td>{screeningCopy.changes[c.change]}</td>
                <td>{primaryName(entry)}</td>
                <td>{entry ? entryLine(entry) : ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
