"use client";

import { useController, useFormContext } from "react-hook-form";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { Field } from "../field";
import { errorAt, fieldId } from "./form-helpers";

export type Option = { value: string; label: string };

function useFieldState(name: string) {
  const { register, formState } = useFormContext();
  const error = errorAt(formState.errors, name);
  const id = fieldId(name);
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined };
  return { register, error, id, aria };
}

/** A labelled text (or date, email, tel) input with its message beside it. */
export function TextInput(props: { name: string; label: string; type?: string; autoComplete?: string }) {
  const { register, error, id, aria } = useFieldState(props.name);
  return (
    <Field id={id} label={props.label} error={error}>
      <input
        id={id}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        {...aria}
        {...register(props.name)}
      />
    </Field>
  );
}

/** A labelled select of fixed options, starting empty. */
export function SelectInput(props: { name: string; label: string; options: Option[]; autoComplete?: string }) {
  const { register, error, id, aria } = useFieldState(props.name);
  return (
    <Field id={id} label={props.label} error={error}>
      <select id={id} autoComplete={props.autoComplete} {...aria} {...register(props.name)}>
        <option value="">{kycCopy.choose}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The options of a code table: each canonical code with its readable label. */
export function codeOptions(labels: Record<string, string>): Option[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }));
}

/** A yes/no question as two radio buttons, holding a boolean. */
export function YesNo(props: { name: string; label: string }) {
  const { field, fieldState } = useController({ name: props.name });
  const id = fieldId(props.name);
  const error = fieldState.error?.message;
  return (
    <fieldset className="field yes-no" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={!!error}>
      <legend>{props.label}</legend>
      {[true, false].map((value) => (
        <label key={String(value)} className="inline-choice">
          <input
            type="radio"
            name={field.name}
            ref={value ? field.ref : undefined}
            checked={field.value === value}
            onChange={() => field.onChange(value)}
            onBlur={field.onBlur}
          />
          {value ? kycCopy.yes : kycCopy.no}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Several choices of a list as checkboxes, holding the chosen codes. */
export function CheckboxGroup(props: { name: string; label: string; options: Option[] }) {
  const { register, error, id } = useFieldState(props.name);
  return (
    <fieldset className="field checkbox-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{props.label}</legend>
      {props.options.map((o) => (
        <label key={o.value} className="inline-choice">
          <input type="checkbox" value={o.value} aria-invalid={error ? true : undefined} {...register(props.name)} />
          {o.label}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
