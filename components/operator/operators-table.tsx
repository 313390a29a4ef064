"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeRolesAction, setEnabledAction } from "@/app/(console)/operator/operators/actions";
import type { OperatorResult } from "@/app/(console)/operator/as-operator";
import { operatorCopy } from "@/components/copy/operator";
import { TableScroll } from "@/components/layout/table-scroll";
import type { OperatorView } from "@/server/operators/operator.responses";
import { OPERATOR_ROLES, type OperatorRole } from "@/server/operators/operator-roles";
import { formatWhen } from "./format";
import { ColumnHeads } from "@/components/console/column-heads";

const text = operatorCopy.operators;
const roleNames = (roles: readonly string[]) => roles.map((r) => text.roleNames[r] ?? r).join(", ");

/**
 * The operators with their roles. An admin ticks roles and saves them (made at once, or waiting for a second admin
 * under four eyes), and disables or enables an operator; the domain's refusals (the last admin) show in a status line.
 */
export function OperatorsTable({ operators, me }: { operators: OperatorView[]; me: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<Record<string, OperatorRole[]>>({});
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  const run = async <T,>(fn: () => Promise<OperatorResult<T>>, done: (value: T) => string) => {
    setBusy(true);
    try {
      const result = await fn();
      if (result.ok) {
        setNotice({ error: false, text: done(result.value) });
        router.refresh();
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

  const toggle = (operator: OperatorView, role: OperatorRole) =>
    setChosen((current) => {
      const roles = current[operator.id] ?? operator.roles;
      return { ...current, [operator.id]: roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role] };
    });

  return (
    <>
      <div aria-live="polite">
        {notice ? (
          <p className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <TableScroll label={text.caption}>
        <table className="data-table">
          <caption className="visually-hidden">{text.caption}</caption>
          <ColumnHeads columns={text.columns} />
          <tbody>
            {operators.map((operator) => {
              const roles = chosen[operator.id] ?? operator.roles;
              return (
                <tr key={operator.id} aria-label={operator.email}>
                  <td data-label={text.columns.who}>
                    <strong>{operator.email}</strong>
                    {operator.name ? <p className="muted">{operator.name}</p> : null}
                  </td>
                  <td data-label={text.columns.roles}>
                    {roleNames(operator.roles)}
                    {operator.pendingRoles ? (
                      <p className="badge wait">{text.pending(roleNames(operator.pendingRoles))}</p>
                    ) : null}
                  </td>
                  <td data-label={text.columns.state}>
                    <span className={operator.enabled ? "badge good" : "badge bad"}>
                      {operator.enabled ? text.enabled : text.disabled}
                    </span>
                  </td>
                  <td data-label={text.columns.seen}>
                    {operator.lastSeenAt ? (
                      <time dateTime={operator.lastSeenAt}>{formatWhen(operator.lastSeenAt)}</time>
                    ) : (
                      text.never
                    )}
                  </td>
                  <td data-label={text.columns.actions}>
                    <fieldset className="roles" aria-label={`${text.columns.roles}: ${operator.email}`}>
                      {OPERATOR_ROLES.map((role) => (
                        <label key={role}>
                          <input
                            type="checkbox"
                            checked={roles.includes(role)}
                            onChange={() => toggle(operator, role)}
                          />{" "}
                          {text.roleNames[role]}
                        </label>
                      ))}
                    </fieldset>
                    <div className="row-actions">
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() =>
                          void run(
                            () => changeRolesAction({ userId: operator.id, roles }),
                            (v) => (v === "awaiting" ? text.rolesAwaiting : text.rolesChanged),
                          )
                        }
                      >
                        {text.saveRoles}
                      </button>
                      <button
                        type="button"
                        className={operator.enabled ? "danger" : undefined}
                        disabled={busy}
                        data-self={operator.id === me ? "true" : undefined}
                        onClick={() =>
                          void run(
                            () => setEnabledAction({ userId: operator.id, enabled: !operator.enabled }),
                            (v) => (v ? text.enabledDone : text.disabledDone),
                          )
                        }
                      >
                        {operator.enabled ? text.disable : text.enable}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
