"use client";

import { useState, type FormEvent } from "react";
import { operatorCopy } from "@/components/copy/operator";
import type { ApplicationView } from "@/server/applications/operate-applications";
import { LongValue } from "@/components/layout/long-value";

const text = operatorCopy.applications;

/** One application: who owns it, and its privileges and KYC model, which the operator can change. */
export function ApplicationCard(props: {
  app: ApplicationView;
  privileges: string[];
  onSave: (change: { privileges?: string[]; kycModel?: string }) => Promise<boolean>;
}) {
  const { app } = props;
  const granted: readonly string[] = app.privileges;
  const requested: readonly string[] = app.requestedPrivileges;
  const [saving, setSaving] = useState(false);
  const field = (name: string) => `${app.id}-${name}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const privileges = data.getAll("privileges").filter((v) => typeof v === "string");
    const kycModel = data.get("kycModel");
    const samePrivileges = privileges.length === app.privileges.length && privileges.every((p) => granted.includes(p));
    setSaving(true);
    try {
      // Only what changed is sent: each change is its own entry in the audit log.
      await props.onSave({
        ...(samePrivileges ? {} : { privileges }),
        ...(typeof kycModel !== "string" || kycModel === app.kycModel ? {} : { kycModel }),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="card app-card" aria-labelledby={field("name")}>
      <h3 id={field("name")}>{app.name}</h3>
      <dl>
        <dt>{text.environment}</dt>
        <dd>{app.environment}</dd>
        <dt>{text.review}</dt>
        <dd>{text.reviews[app.review] ?? app.review}</dd>
        <dt>{text.owner}</dt>
        <dd>{app.owner}</dd>
        <dt>{text.profile}</dt>
        <dd>
          <LongValue value={app.profile} label={text.profile} />
        </dd>
        <dt>{text.kycModel}</dt>
        <dd>{text.kycModels[app.kycModel]}</dd>
        <dt>{text.privileges}</dt>
        <dd>{app.privileges.length > 0 ? app.privileges.join(", ") : text.none}</dd>
      </dl>
      <form onSubmit={(e) => void submit(e)} aria-label={text.cardLabel(app.name)}>
        <fieldset className="checks">
          <legend>{text.privileges}</legend>
          {props.privileges.map((privilege) => (
            <label key={privilege}>
              <input type="checkbox" name="privileges" value={privilege} defaultChecked={granted.includes(privilege)} />
              {text.privilegeNames[privilege] ?? privilege}
              {requested.includes(privilege) ? <span className="badge wait">{text.requested}</span> : null}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={field("kyc")}>{text.kycModel}</label>
          <select id={field("kyc")} name="kycModel" defaultValue={app.kycModel}>
            <option value="sharing">{text.kycModels.sharing}</option>
            <option value="reliance">{text.kycModels.reliance}</option>
          </select>
        </div>
        <button type="submit" disabled={saving}>
          {saving ? operatorCopy.orders.busy : text.save}
        </button>
      </form>
    </article>
  );
}
