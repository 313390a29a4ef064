import { z } from "zod";
import { emailSchema } from "../users/users.schemas.ts";
import { OPERATOR_ROLES } from "./operator-roles.ts";

/** The roles an operator can hold (C58, `operator-roles.ts`). */
export { OPERATOR_ROLES };
export const operatorRole = z.enum(OPERATOR_ROLES, `Known roles: ${OPERATOR_ROLES.join(", ")}`);

export const operatorRolesSchema = z.object({
  roles: z
    .array(operatorRole)
    .min(1, "An operator holds at least one role; disable them instead")
    .max(OPERATOR_ROLES.length),
});

export const inviteOperatorSchema = z.object({
  email: emailSchema,
  roles: z.array(operatorRole).min(1, "Choose at least one role").max(OPERATOR_ROLES.length),
});
export type InviteOperator = z.input<typeof inviteOperatorSchema>;
