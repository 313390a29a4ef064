"use client";

import { useState } from "react";
import { inviteOperatorAction } from "@/app/(console)/operator/operators/actions";
import { operatorCopy } from "@/components/copy/operator";
import { OPERATOR_ROLES, type OperatorRole } from "@/server/operators/operator-roles";

const text = operatorCopy.operators;

/** An admin invites a colleague: their e-mail and the roles they will hold; the link goes to them by mail. */
export function InviteOperatorForm() {
  const [email, setEmail] = useState("");
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  const submit = async () => {
    setBusy(true);
    try {
      const result = await inviteOperatorAction({ email, roles });
      if (result.ok) {
        setNotice({ error: false, text: text.invite.sent(result.value) });
        setEmail("");
        setRoles([]);
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card"
      aria-label={text.invite.title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{text.invite.title}</h2>
      <div className="field">
        <label htmlFor="invite-email">{text.invite.email}</label>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <fieldset className="roles">
        <legend>{text.invite.roles}</legend>
        {OPERATOR_ROLES.map((role) => (
          <label key={role}>
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={() =>
                setRoles((current) => (current.includes(role) ? current.filter((r) => r !== role) : [...current, role]))
              }
            />{" "}
            {text.roleNames[role]}
          </label>
        ))}
      </fieldset>
      {notice ? (
        <p className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy}>
        {text.invite.submit}
      </button>
    </form>
  );
}
