import { zodResolver } from "@hookform/resolvers/zod";
import { get, type FieldErrors, type FieldValues, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { StepResult } from "@/app/(onboarding)/authorize/onboarding-action";

/**
 * `zodResolver` over one of the API's schemas, typed by the form's own values: the API's optional fields are
 * preprocessed (blank text means "not given"), so zod types their input as `unknown`, while the form holds text.
 */
export function schemaResolver<Values extends FieldValues, S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<Values, unknown, z.output<S>> {
  return zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<S>>;
}

/** The element id of a field, from its dotted path (`corporate.directors.0.firstName`). */
export const fieldId = (name: string) => name.replace(/\./g, "-");

/** The message for a field or a list (lists keep theirs under `root`). */
export function errorAt(errors: FieldErrors, name: string): string | undefined {
  const found: { message?: unknown; root?: { message?: unknown } } | undefined = get(errors, name);
  const message = found?.message ?? found?.root?.message;
  return typeof message === "string" ? message : undefined;
}

/**
 * Puts an action's answer on the form: each field error beside the field at its dotted path, anything else above
 * the submit button. True when the action succeeded and names where to go.
 */
export function showResult<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  result: StepResult,
): result is StepResult & { next: string } {
  const fields = Object.entries(result.fields ?? {});
  fields.forEach(([path, message], i) => {
    form.setError(path as Path<V>, { type: "server", message }, { shouldFocus: i === 0 });
  });
  if (result.error) form.setError("root", { type: "server", message: result.error });
  return fields.length === 0 && !result.error && result.next !== undefined;
}
