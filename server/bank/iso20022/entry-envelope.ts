import { type MessageDefinition } from "./message-registry.ts";

/*
 * The smallest documents a streamed statement's parts are validated in. libxml2 validates whole documents only, so
 * an entry is checked wrapped in a minimal valid envelope of its own message and version (never the file's own
 * header: an error there would then be blamed on every entry), and the file's envelope is checked with each run of
 * entries replaced by one minimal valid entry, which keeps the schema's say on where entries may stand (an entry
 * after `AddtlNtfctnInf`, or two runs split by another element, is still refused). Both are one line long, so a line
 * in the wrapped entry is its line in the file counted from where the entry began.
 */

export type StatementContainer = {
  message: "BkToCstmrAcctRpt" | "BkToCstmrStmt" | "BkToCstmrDbtCdtNtfctn";
  report: "Rpt" | "Stmt" | "Ntfctn";
  kind: "report" | "statement" | "notification";
};

export const CONTAINERS: Readonly<Record<"camt.052" | "camt.053" | "camt.054", StatementContainer>> = {
  "camt.052": { message: "BkToCstmrAcctRpt", report: "Rpt", kind: "report" },
  "camt.053": { message: "BkToCstmrStmt", report: "Stmt", kind: "statement" },
  "camt.054": { message: "BkToCstmrDbtCdtNtfctn", report: "Ntfctn", kind: "notification" },
};

/** A prefix no bank file binds (checked against the entry's declarations), so the wrapper never shadows one. */
function freePrefix(declarations: Readonly<Record<string, string>>): string {
  let prefix = "tr";
  while (`xmlns:${prefix}` in declarations) prefix += "x";
  return prefix;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}

function balance(p: string): string {
  return (
    `<${p}:Bal><${p}:Tp><${p}:CdOrPrtry><${p}:Cd>CLBD</${p}:Cd></${p}:CdOrPrtry></${p}:Tp>` +
    `<${p}:Amt Ccy="EUR">0</${p}:Amt><${p}:CdtDbtInd>CRDT</${p}:CdtDbtInd>` +
    `<${p}:Dt><${p}:Dt>2000-01-01</${p}:Dt></${p}:Dt></${p}:Bal>`
  );
}

/**
 * `entry` (the `Ntry` element exactly as the file has it) inside a minimal valid statement of `definition`. The
 * namespace declarations in scope where the entry stood are declared on the wrapper's root, so the entry's names
 * resolve as they did in the file; the wrapper's own elements use a prefix of their own.
 */
export function wrapEntry(
  definition: MessageDefinition,
  container: StatementContainer,
  declarations: Readonly<Record<string, string>>,
  entry: string,
): string {
  const p = freePrefix(declarations);
  const declared = Object.entries(declarations)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join("");
  const header =
    `<${p}:GrpHdr><${p}:MsgId>E</${p}:MsgId><${p}:CreDtTm>2000-01-01T00:00:00</${p}:CreDtTm></${p}:GrpHdr>` +
    `<${p}:${container.report}><${p}:Id>E</${p}:Id><${p}:CreDtTm>2000-01-01T00:00:00</${p}:CreDtTm>` +
    `<${p}:Acct><${p}:Id><${p}:IBAN>DE89370400440532013000</${p}:IBAN></${p}:Id></${p}:Acct>` +
    // camt.053 requires a balance; camt.054 has none.
    (container.kind === "statement" ? balance(p) : "");
  return (
    `<${p}:Document xmlns:${p}="${definition.namespace}"${declared}><${p}:${container.message}>${header}` +
    `${entry}</${p}:${container.report}></${p}:${container.message}></${p}:Document>`
  );
}

/** One minimal valid `Ntry` of `definition`, standing in the envelope for a run of the file's entries. */
export function standInEntry(definition: MessageDefinition): string {
  // .08 gives the status as a code (`<Sts><Cd>BOOK</Cd></Sts>`), .02 and .04 as text.
  const status = definition.version === "08" ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>";
  return (
    `<Ntry xmlns="${definition.namespace}"><Amt Ccy="EUR">0</Amt><CdtDbtInd>CRDT</CdtDbtInd>${status}` +
    `<BkTxCd/></Ntry>`
  );
}
