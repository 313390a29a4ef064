import { operatorCopy } from "@/components/copy/operator";
import { diffRecords } from "@/server/audit/audit-diff";
import { humanize } from "./submitted-data";

/** An audit entry's before and after as the list of values it changed: old struck out, new beside it. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const text = operatorCopy;
  const changes = diffRecords(before, after);
  if (changes.length === 0) return <span className="muted">{text.audit.noChange}</span>;
  const show = (value: string | undefined) =>
    value === undefined ? text.audit.nothing : (text.states[value] ?? value);
  return (
    <ul className="diff">
      {changes.map((change) => (
        <li key={change.path}>
          {change.path.split(".").map(humanize).join(" › ")}: <del>{show(change.before)}</del> →{" "}
          <ins>{show(change.after)}</ins>
        </li>
      ))}
    </ul>
  );
}
