// GET /admin/monitoring/rules — every monitoring rule with its parameters
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listRules } from "@/server/monitoring/list-rules.ts";
import { LIST_RULES_RESPONSES } from "@/server/monitoring/monitoring.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "compliance", { responses: LIST_RULES_RESPONSES }, async () => ({
    rules: await listRules(),
  })),
});
