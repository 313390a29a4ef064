// GET /admin/operators — every operator with their roles, whether enabled, and when last seen
import { sessionUserId } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listOperators } from "@/server/operators/list-operators.ts";
import { operatorListResponse } from "@/server/operators/operator.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(sessionUserId, "admin", { responses: { 200: operatorListResponse } }, () => listOperators()),
});
