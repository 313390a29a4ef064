import type { ReactNode } from "react";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.case;

/*
 * A screening case's detail as `server/screening/cases/open-case.ts` keeps it: the subject as screened, the list
 * entry and the score's explanation. Shown as facts an officer reads side by side, not as data; a field this page
 * does not know yet is still shown, under its own name.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isEmpty = (value: Json | undefined) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** One item of a list on one line: a name with its marks, an identifier with its country, or its fields. */
function inline(value: Json): string {
  if (!isObject(value)) return Array.isArray(value) ? JSON.stringify(value) : String(value);
  if (typeof value.name === "string") {
    const marks = [value.primary === true ? text.primary : "", value.weak === true ? text.weak : ""].filter(Boolean);
    return marks.length > 0 ? `${value.name} (${marks.join(", ")})` : value.name;
  }
  if (typeof value.kind === "string" && typeof value.value === "string") {
    return `${value.kind}: ${value.value}${typeof value.country === "string" ? ` (${value.country})` : ""}`;
  }
  if (typeof value.currency === "string" && typeof value.address === "string") {
    return `${value.currency} ${value.address}`;
  }
  return Object.entries(value)
    .filter(([, v]) => !isEmpty(v))
    .map(([k, v]) => `${text.fields[k] ?? k}: ${isObject(v) || Array.isArray(v) ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

function shown(value: Json): ReactNode {
  if (Array.isArray(value)) {
    if (value.every((v) => !isObject(v) && !Array.isArray(v))) return value.map(String).join(", ");
    return (
      <ul>
        {value.map((item, i) => (
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>
    );
  }
  return isObject(value) ? inline(value) : String(value);
}

/** Every non-empty field of an object, labelled. */
export function Facts(props: { value: unknown; skip?: string[] }) {
  const value = props.value as Json;
  if (!isObject(value)) return <p>{isEmpty(value) ? "—" : shown(value)}</p>;
  const fields = Object.entries(value).filter(([k, v]) => !isEmpty(v) && !props.skip?.includes(k));
  return (
    <dl className="facts">
      {fields.map(([k, v]) => (
        <div key={k}>
          <dt>{text.fields[k] ?? k}</dt>
          <dd>{shown(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

type Part = { query?: string; listed?: string; similarity?: number };
type Adjustment = { field?: string; change?: number; reason?: string };

/** Why a name matched: the alias, each part beside the part it paired with, and what moved the score. */
export function MatchExplanation(props: { explanation: unknown; score: number | null }) {
  const explanation = (isObject(props.explanation as Json) ? props.explanation : {}) as {
    alias?: Json;
    nameScore?: number;
    parts?: Part[];
    unmatched?: { query?: string[]; listed?: string[] };
    adjustments?: Adjustment[];
  };
  const unmatched = [
    ...(explanation.unmatched?.query ?? []).map((part) => `${part} (${text.submitted})`),
    ...(explanation.unmatched?.listed ?? []).map((part) => `${part} (${text.listed})`),
  ];
  return (
    <>
      <dl className="facts">
        {explanation.alias ? (
          <div>
            <dt>{text.fields.alias}</dt>
            <dd>{inline(explanation.alias)}</dd>
          </div>
        ) : null}
        {explanation.nameScore === undefined ? null : (
          <div>
            <dt>{text.fields.nameScore}</dt>
            <dd>{explanation.nameScore.toFixed(2)}</dd>
          </div>
        )}
        {unmatched.length > 0 ? (
          <div>
            <dt>{text.fields.unmatched}</dt>
            <dd>{unmatched.join(", ")}</dd>
          </div>
        ) : null}
        {(explanation.adjustments ?? []).length > 0 ? (
          <div>
            <dt>{text.fields.adjustments}</dt>
            <dd>
              <ul>
                {explanation.adjustments!.map((a, i) => (
                  <li key={i}>
                    {a.reason ?? a.field} ({(a.change ?? 0) > 0 ? "+" : ""}
                    {(a.change ?? 0).toFixed(2)})
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {(explanation.parts ?? []).length > 0 ? (
        <table className="data-table">
          <caption>{text.fields.parts}</caption>
          <thead>
            <tr>
              <th scope="col">{text.partColumns.query}</th>
              <th scope="col">{text.partColumns.listed}</th>
              <th scope="col">{text.partColumns.similarity}</th>
            </tr>
          </thead>
          <tbody>
            {explanation.parts!.map((part, i) => (
              <tr key={i}>
                <td>{part.query}</td>
                <td>{part.listed}</td>
                <td>{part.similarity?.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {props.score === null ? null : <p>{text.score(props.score)}</p>}
    </>
  );
}
