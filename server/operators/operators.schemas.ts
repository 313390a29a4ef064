import { z } from "zod";
import { OPERATOR_ROLES } from "./operator-roles.ts";

const role = z.enum(OPERATOR_ROLES, `Known roles: ${OPERATOR_ROLES.join(", ")}`);

export const operatorRolesSchema = z.object({
  roles: z.array(role).min(1, "An operator holds at least one role; disable them instead").max(OPERATOR_ROLES.length),
});
