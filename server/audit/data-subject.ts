import type { Prisma } from "../generated/prisma/client.ts";
import type { DataSubject } from "../keys/subject-keys.ts";

/*
 * Whom an audit entry or an approval is about (C71): the customer profile its subject belongs to, if any. Their
 * values are sealed under that profile's key (server/keys/subject-keys.ts), so erasing the profile leaves them
 * unreadable. It is worked out from what the rows already name (`subjectType`, `subjectId`), never stored beside
 * them: a profile is itself; an order, a compliance case and a bank entry (through its order, or its payout's order)
 * belong to their profile; an approval to its own subject's. Operators, applications, settings, lists and the
 * like name no customer: their values stay under the keyring. So does a bank entry no order claims (an unknown
 * payer is no customer of ours) and a subject that does not exist.
 */

/** The actions whose entry about a profile keeps nothing of the person and must stay readable: the erasure's own. */
export const ERASURE_RECORD_ACTIONS = ["profile.erase"] as const;

/**
 * SQL giving the id of the profile a subject (`type`, `id`: SQL expressions of text and uuid) belongs to, or NULL.
 * An approval's subject is looked up one level down (an approval is never about an approval).
 */
export function subjectProfileSql(type: string, id: string, nested = false): string {
  const approval = nested
    ? ""
    : `WHEN 'approval' THEN (SELECT ${subjectProfileSql(`a."subjectType"`, `a."subjectId"`, true)}
        FROM "OperatorApproval" a WHERE a.id = ${id})`;
  return `(CASE ${type}
    WHEN 'profile' THEN (SELECT p.id FROM "Profile" p WHERE p.id = ${id})
    WHEN 'order' THEN (SELECT o."profileId" FROM "Order" o WHERE o.id = ${id})
    WHEN 'compliance-case' THEN (SELECT c."profileId" FROM "ComplianceCase" c WHERE c.id = ${id})
    WHEN 'bank-entry' THEN (SELECT o."profileId" FROM "BankEntry" e LEFT JOIN "Payout" y ON y.id = e."payoutId"
        JOIN "Order" o ON o.id = COALESCE(e."orderId", y."orderId") WHERE e.id = ${id})
    ${approval}
    END)`;
}

/** The data subject of an audit entry's or approval's subject, if it belongs to a customer profile. */
export async function dataSubjectOf(
  tx: Prisma.TransactionClient,
  subject: { type: string; id: string },
): Promise<DataSubject | undefined> {
  const [row] = await tx.$queryRawUnsafe<{ profile: string | null }[]>(
    `SELECT ${subjectProfileSql("$1::text", "$2::uuid")}::text AS profile`,
    subject.type,
    subject.id,
  );
  return row?.profile ? { type: "profile", id: row.profile } : undefined;
}
