import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/** The simulator exists in the sandbox only; anywhere else it is not found, like a page that does not exist. */
export function assertSandbox(config: Config): void {
  if (config.environment !== "sandbox") throw new AppError("NOT_FOUND", "Not found");
}

/**
 * The simulator's Safe levers reach every tenant's smart accounts (and the links and orders waiting for them): on the
 * console they are the operator's. Anyone else drives their own application's Safes through the API (C38).
 */
export function assertOperator(actor: { kind: string; operator?: boolean }): void {
  if (actor.kind !== "person" || !actor.operator) {
    throw new AppError(
      "FORBIDDEN",
      "Only an operator drives Safes from the simulator; an application makes its own Safes sign through the API",
    );
  }
}
