// POST /admin/applications/{application}/privilege-requests — grant or decline a privilege the developer asked for
import { z } from "zod";
import { sessionUserId } from "@/app/auth";
import { decidePrivilegeRequest, privilegeRequestDecisionSchema } from "@/server/applications/operate-applications.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";

const params = z.object({ application: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(sessionUserId, { params, body: privilegeRequestDecisionSchema }, ({ params, body, operator }) =>
    decidePrivilegeRequest({ id: params.application, request: body, operator }),
  ),
});
