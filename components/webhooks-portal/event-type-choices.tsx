import type { UseFormRegisterReturn } from "react-hook-form";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { WEBHOOK_EVENT_TYPES } from "@/server/webhooks/webhook.schemas";

/** One checkbox per event type Tokenrail sends, each with what it means; the message of the group beside it. */
export function EventTypeChoices(props: {
  id: string;
  legend: string;
  register: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <fieldset
      className="field event-types"
      aria-describedby={props.error ? `${props.id}-error` : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend>{props.legend}</legend>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <label key={type} className="event-type">
          <input type="checkbox" value={type} {...props.register} />
          <span>
            <code>{type}</code>
            <small>{copy.eventTypes[type]}</small>
          </span>
        </label>
      ))}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
