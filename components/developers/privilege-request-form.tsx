"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { requestPrivilegesAction } from "@/app/(console)/developers/actions";
import { developersCopy } from "@/components/copy/developers";
import { ALL_PRIVILEGES } from "@/server/applications/privilege-names";

/** Granted privileges, the pending request, and a form to ask for more (or withdraw the request). */
export function PrivilegeRequestForm(props: {
  applicationId: string;
  granted: string[];
  requested: string[];
  note: string;
}) {
  const text = developersCopy.settings;
  const router = useRouter();
  const askable = ALL_PRIVILEGES.filter((p) => !props.granted.includes(p));
  const [chosen, setChosen] = useState<string[]>(props.requested);
  const [note, setNote] = useState(props.note);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string>();
  const name = (p: string) => developersCopy.privilege[p]?.name ?? p;

  const submit = async () => {
    setBusy(true);
    setStatus("");
    const result = await requestPrivilegesAction(props.applicationId, { privileges: chosen, note });
    setBusy(false);
    if (!result.ok) return setError(result.fields?.note ?? result.fields?.privileges ?? result.error);
    setError(undefined);
    setStatus(result.value.requestedPrivileges.length > 0 ? text.requested : text.withdrawn);
    router.refresh();
  };

  return (
    <section className="card" aria-labelledby="privileges-heading">
      <h2 id="privileges-heading">{text.privilegesHeading}</h2>
      <p>{text.privilegesExplained}</p>
      <h3>{text.granted}</h3>
      {props.granted.length === 0 ? (
        <p className="muted">{text.nothingGranted}</p>
      ) : (
        <ul aria-label={text.granted}>
          {props.granted.map((p) => (
            <li key={p}>
              <span className="badge good">{name(p)}</span>
            </li>
          ))}
        </ul>
      )}
      {props.requested.length > 0 ? (
        <>
          <h3>{text.pending}</h3>
          <ul aria-label={text.pending}>
            {props.requested.map((p) => (
              <li key={p}>
                <span className="badge wait">{name(p)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {askable.length > 0 ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <fieldset className="checkbox-group">
            <legend>{text.askFor}</legend>
            {askable.map((p) => (
              <label className="choice" key={p}>
                <input
                  type="checkbox"
                  checked={chosen.includes(p)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, p] : c.filter((x) => x !== p)))}
                />
                <span>
                  <strong>{name(p)}</strong>
                  <small>{developersCopy.privilege[p]?.hint}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="privilege-note">{text.note}</label>
            <textarea id="privilege-note" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button className="primary" type="submit" disabled={busy}>
            {busy ? text.requesting : text.request}
          </button>
          <p role="status" className="muted">
            {status}
          </p>
        </form>
      ) : null}
    </section>
  );
}
