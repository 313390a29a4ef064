import { z } from "zod";
import { emailSchema } from "../users/users.schemas.ts";

/** The roles an operator can hold; `admin` is the one the console has always required. */
export const OPERATOR_ROLES = ["admin", "reviewer", "treasurer"] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);

export const inviteOperatorSchema = z.object({
  email: emailSchema,
  roles: z.array(operatorRole).min(1, "Choose at least one role").max(OPERATOR_ROLES.length),
});
export type InviteOperator = z.input<typeof inviteOperatorSchema>;
