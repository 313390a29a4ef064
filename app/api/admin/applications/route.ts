// GET /admin/applications — registered applications with their clients, privileges and KYC model
import { webSession } from "@/app/auth";
import { listApplications } from "@/server/applications/operate-applications.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { applicationListResponse } from "@/server/applications/application.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "admin", { responses: { 200: applicationListResponse } }, () => listApplications()),
});
