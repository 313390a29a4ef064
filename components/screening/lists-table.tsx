import { ColumnHeads } from "@/components/console/column-heads";
import Link from "next/link";
import { ageText, screeningCopy } from "@/components/copy/screening";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import type { ListStatus } from "@/server/screening/lists/list-status";
import type { ListVersionView } from "@/server/screening/lists/list-views";

const text = screeningCopy.lists;

/** Every list with its current version, the date, its age and whether it is out of date. */
export function ListsTable({ lists, maxAgeHours }: { lists: ListStatus[]; maxAgeHours: number }) {
  return (
    <TableScroll label={text.caption}>
      <table className="data-table">
        <caption className="visually-hidden">{text.caption}</caption>
        <ColumnHeads columns={text.columns} />
        <tbody>
          {lists.map((list) => (
            <tr key={list.source} data-stale={list.stale || undefined}>
              <th scope="row">{list.name}</th>
              <td>{list.versionNumber || "—"}</td>
              <td>{list.publishedAt ? formatWhen(list.publishedAt.toISOString()) : "—"}</td>
              <td>{list.importedAt ? formatWhen(list.importedAt.toISOString()) : "—"}</td>
              <td>{list.entryCount}</td>
              <td>{list.ageSeconds === null ? "—" : ageText(list.ageSeconds)}</td>
              <td>
                {list.versionNumber === 0 ? (
                  <strong className="badge bad">{text.never}</strong>
                ) : list.stale ? (
                  <strong className="badge bad">{text.stale(maxAgeHours)}</strong>
                ) : (
                  text.current
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A list's latest versions, each linking to what it changed. */
export function VersionsTable({ name, versions }: { name: string; versions: ListVersionView[] }) {
  const caption = text.versionsCaption(name);
  if (versions.length === 0) return null;
  return (
    <TableScroll label={caption}>
      <table className="data-table">
        <caption>{caption}</caption>
        <ColumnHeads columns={text.versionColumns} />
        <tbody>
          {versions.map((v) => (
            <tr key={v.id}>
              <td>
                <Link href={`/operator/screening/versions/${v.id}`}>{v.number}</Link>
              </td>
              <td>{v.fileName}</td>
              <td>{screeningCopy.origins[v.origin] ?? v.origin}</td>
              <td>
                <time dateTime={v.importedAt}>{formatWhen(v.importedAt)}</time>
                {v.importedBy ? ` · ${v.importedBy}` : null}
              </td>
              <td>{`${v.added} · ${v.changed} · ${v.removed}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
