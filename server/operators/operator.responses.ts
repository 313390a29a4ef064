import { z } from "zod";
import { OPERATOR_ROLES } from "./operator-roles.ts";

/** An operator as the operators page lists them (C58). */
export const operatorResponse = z
  .object({
    id: z.uuid().meta({ description: "The person's user id" }),
    email: z.string(),
    name: z.string(),
    roles: z.array(z.enum(OPERATOR_ROLES)),
    enabled: z.boolean(),
    lastSeenAt: z.iso.datetime().nullable().meta({ description: "When the console last served them (to the minute)" }),
    createdAt: z.iso.datetime(),
    pendingRoles: z
      .array(z.enum(OPERATOR_ROLES))
      .nullable()
      .meta({ description: "Roles asked for that await a second operator's approval (four eyes)" }),
  })
  .meta({ id: "Operator" });
export type OperatorView = z.input<typeof operatorResponse>;

export const operatorListResponse = z.object({ operators: z.array(operatorResponse) }).meta({ id: "OperatorList" });

/** Refusals of changing an operator. */
export const CHANGE_OPERATOR_REFUSALS = {
  409: "The change would leave no enabled admin, or a role change already awaits a second operator",
};

/** An invitation as the admin who sent it sees it (the link itself went only to the invited address). */
export const sentInvitationResponse = z
  .object({
    id: z.uuid(),
    email: z.string(),
    roles: z.array(z.enum(OPERATOR_ROLES)),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "OperatorInvitation" });
