import type { Config } from "../config.ts";
import { AppError } from "../http/errors.ts";

/** The simulator exists in the sandbox only; anywhere else it is not found, like a page that does not exist. */
export function assertSandbox(config: Config): void {
  if (config.environment !== "sandbox") throw new AppError("NOT_FOUND", "Not found");
}
