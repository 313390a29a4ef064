"use client";

import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { developersCopy } from "@/components/copy/developers";
import { MAX_REDIRECT_URIS } from "@/server/applications/portal.schemas";

type WithUris = { redirectUris: { uri: string }[] };

/** Redirect URIs as rows one can add and remove; each row's validation message sits under its own input. */
export function RedirectUriRows<T extends WithUris>(props: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  const text = developersCopy.form;
  // The generic form is narrowed to its redirect URIs, the one part these rows know about.
  const control = props.control as unknown as Control<WithUris>;
  const register = props.register as unknown as UseFormRegister<WithUris>;
  const errors = (props.errors as FieldErrors<WithUris>).redirectUris;
  const { fields, append, remove } = useFieldArray({ control, name: "redirectUris" });
  const listError = errors?.message ?? errors?.root?.message;
  return (
    <fieldset className="uri-rows" aria-describedby="redirectUris-hint">
      <legend>{text.redirectUris}</legend>
      <p className="muted" id="redirectUris-hint">
        {text.redirectUrisHint}
      </p>
      {fields.map((field, i) => {
        const id = `redirectUris-${i}`;
        const error = errors?.[i]?.uri?.message;
        return (
          <div className="field uri-row" key={field.id}>
            <label htmlFor={id}>{text.redirectUri(i + 1)}</label>
            <div className="uri-input">
              <input
                id={id}
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder="https://app.example.com/callback"
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                {...register(`redirectUris.${i}.uri`)}
              />
              <button
                type="button"
                aria-label={text.removeUri(i + 1)}
                onClick={() => remove(i)}
                disabled={fields.length === 1}
              >
                ×
              </button>
            </div>
            {error ? (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <button type="button" onClick={() => append({ uri: "" })} disabled={fields.length >= MAX_REDIRECT_URIS}>
        {text.addUri}
      </button>
    </fieldset>
  );
}
