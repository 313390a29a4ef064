// PATCH /admin/applications/{application} — grant or withdraw extra privileges; set the KYC model
import { z } from "zod";
import { sessionUserId } from "@/app/auth";
import { applicationChangeSchema, changeApplication } from "@/server/applications/operate-applications.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";

const params = z.object({ application: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: withOperator(sessionUserId, { params, body: applicationChangeSchema }, ({ params, body, operator }) =>
    changeApplication({ id: params.application, change: body, operator }),
  ),
});
