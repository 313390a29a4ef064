// GET /admin/ledger — the ledger's totals per chain and currency and whether its invariants hold
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { ledgerOverviewResponse } from "@/server/orders/operator-order.responses.ts";
import { ledgerOverview } from "@/server/orders/operate-orders.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "treasurer", { responses: { 200: ledgerOverviewResponse } }, () => ledgerOverview()),
});
