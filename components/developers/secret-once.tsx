import { LongValue } from "@/components/layout/long-value";

/** A value with a copy button; `code` keeps it legible and selectable. */
export function CopyableValue(props: { label: string; value: string; id: string }) {
  return (
    <div className="copyable">
      <dt>{props.label}</dt>
      <dd>
        <LongValue id={props.id} value={props.value} label={props.label} />
      </dd>
    </div>
  );
}

/** A secret shown this once, with the warning that it will not be shown again. */
export function SecretOnce(props: { label: string; value: string; warning: string; id: string }) {
  return (
    <div className="secret-once" role="status">
      <p>
        <strong>{props.warning}</strong>
      </p>
      <dl className="facts">
        <CopyableValue label={props.label} value={props.value} id={props.id} />
      </dl>
    </div>
  );
}
