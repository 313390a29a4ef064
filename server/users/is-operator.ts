import { operatorMay } from "../operators/operator-access.ts";
import { ANY_OPERATOR } from "../operators/operator-roles.ts";

/** Enabled operators, whatever their roles (C58: what each may do is asked with `operatorMay`). */
export async function isOperator(userId: string | undefined): Promise<boolean> {
  return operatorMay(userId, ANY_OPERATOR);
}
