import type { ReactNode } from "react";
import { operatorCopy } from "@/components/copy/operator";
import { DocumentView, type ReviewFile } from "./document-view";

/**
 * A KYC submission as the customer sent it, readable: objects as labelled facts, lists as numbered items, and any
 * `{fileId, …}` as the document itself shown in place.
 */
export function SubmittedData({ data, files }: { data: unknown; files: ReadonlyMap<string, ReviewFile> }): ReactNode {
  const text = operatorCopy;
  if (data === null || data === undefined || data === "") return <span className="muted">{text.audit.nothing}</span>;
  if (typeof data === "boolean") return data ? text.review.yes : text.review.no;
  if (typeof data === "string" || typeof data === "number") return String(data);
  if (typeof data !== "object") return null;
  if (Array.isArray(data)) {
    const items = data as unknown[];
    if (items.every((item) => typeof item !== "object" || item === null)) return items.map(String).join(", ");
    return (
      <ol className="submitted-list">
        {items.map((item, i) => (
          <li key={i}>
            <SubmittedData data={item} files={files} />
          </li>
        ))}
      </ol>
    );
  }
  const record = data as Record<string, unknown>;
  const file = typeof record.fileId === "string" ? files.get(record.fileId) : undefined;
  if (file) {
    const caption = [record.kind, record.side].filter((v) => typeof v === "string").join(", ") || file.name;
    return <DocumentView file={file} caption={humanize(caption)} />;
  }
  return (
    <dl className="facts">
      {Object.entries(record).map(([key, value]) => (
        <div className="fact" key={key}>
          <dt>{humanize(key)}</dt>
          <dd>
            <SubmittedData data={value} files={files} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** `firstName` → "First name"; codes such as `FUND_ORIGIN_SALARY` are kept as they are. */
export function humanize(key: string): string {
  if (/^[A-Z0-9_]+$/.test(key)) return key;
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
