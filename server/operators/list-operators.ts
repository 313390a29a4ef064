import { db } from "../db/client.ts";
import type { OperatorView } from "./operator.responses.ts";
import { OPERATOR_INCLUDE, operatorViews } from "./operator-view.ts";

/** Every operator of this instance, enabled ones first, then by email (the operators page, C58). */
export async function listOperators(): Promise<{ operators: OperatorView[] }> {
  const prisma = await db();
  const rows = await prisma.operator.findMany({ include: OPERATOR_INCLUDE, take: 500 });
  // Sorted once opened: the database holds the addresses sealed.
  const views = await operatorViews(prisma, rows);
  views.sort((a, b) => Number(!a.enabled) - Number(!b.enabled) || a.email.localeCompare(b.email));
  return { operators: views };
}
