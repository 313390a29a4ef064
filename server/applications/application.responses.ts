import { z } from "zod";
import { ALL_PRIVILEGES, type Privilege } from "./privilege-names.ts";

const privilege = z.enum(ALL_PRIVILEGES as [Privilege, ...Privilege[]]);

/** A registered application as the operator sees it: its clients, privileges and KYC model. */
export const applicationResponse = z
  .object({
    id: z.uuid(),
    name: z.string(),
    environment: z.enum(["sandbox", "production"]),
    owner: z.email().meta({ description: "The email of the person who registered it" }),
    profile: z.uuid().meta({ description: "The profile it belongs to" }),
    privileges: z.array(privilege).meta({ description: "Extra privileges the operator granted" }),
    kycModel: z.enum(["sharing", "reliance"]),
    clients: z.array(
      z.object({
        id: z.uuid().meta({ description: "The `client_id`" }),
        kind: z.enum(["authorization_code", "client_credentials"]),
        redirectUris: z.array(z.string()),
      }),
    ),
    requestedPrivileges: z
      .array(privilege)
      .meta({ description: "Extra privileges the developer asked for, awaiting the operator's decision" }),
    privilegeRequestNote: z.string().nullable().meta({ description: "Why the developer asked" }),
    review: z.enum(["pending", "approved", "rejected"]).meta({
      description: "In production a new application is `pending` until an operator approves (or rejects) it",
    }),
  })
  .meta({ id: "OperatorApplication" });
export type ApplicationView = z.input<typeof applicationResponse>;

export const applicationListResponse = z
  .object({ applications: z.array(applicationResponse).meta({ description: "Oldest first" }) })
  .meta({ id: "OperatorApplicationList" });

/** `POST /admin/applications/{application}/privilege-requests`. */
export const PRIVILEGE_REQUEST_REFUSALS = { 409: "The application has no pending request for that privilege" };
