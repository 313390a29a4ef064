import type { z } from "zod";
import { AppError, type FieldErrors } from "./errors.ts";

/** Validates with zod; problems become one 400 with messages keyed by dotted path. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || where || "body";
    fields[key] ??= issue.message;
  }
  throw new AppError("VALIDATION", "Validation errors", fields);
}
