"use client";

import { useState } from "react";
import {
  changeApplicationAction,
  decidePrivilegeRequestAction,
  reviewApplicationAction,
} from "@/app/(console)/operator/applications/actions";
import { operatorCopy } from "@/components/copy/operator";
import type { ApplicationView } from "@/server/applications/operate-applications";
import { ApplicationCard } from "./application-card";

const text = operatorCopy.applications;

type Notice = { kind: "status" | "error"; text: string };

/**
 * The operator's applications: pending privilege requests first, each granted or declined with one button, then
 * every application with its privileges and KYC model to edit. The outcome of each action is announced at the top.
 */
export function ApplicationsBoard(props: { applications: ApplicationView[]; privileges: string[] }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const requesting = props.applications.filter((a) => a.requestedPrivileges.length > 0);
  const inReview = props.applications.filter((a) => a.review === "pending");

  const review = async (app: ApplicationView, decision: "approve" | "reject") => {
    setBusy(true);
    try {
      const result = await reviewApplicationAction({ applicationId: app.id, decision });
      setNotice(
        result.ok
          ? { kind: "status", text: decision === "approve" ? text.approved(app.name) : text.rejected(app.name) }
          : { kind: "error", text: result.error ?? Object.values(result.fields ?? {}).join(" ") },
      );
    } finally {
      setBusy(false);
    }
  };

  const decide = async (app: ApplicationView, privilege: string, decision: "grant" | "decline") => {
    setBusy(true);
    try {
      const result = await decidePrivilegeRequestAction({ applicationId: app.id, privilege, decision });
      setNotice(
        result.ok
          ? {
              kind: "status",
              text: decision === "grant" ? text.granted(privilege, app.name) : text.declined(privilege, app.name),
            }
          : { kind: "error", text: result.error ?? Object.values(result.fields ?? {}).join(" ") },
      );
    } finally {
      setBusy(false);
    }
  };

  const save = async (app: ApplicationView, change: { privileges?: string[]; kycModel?: string }) => {
    if (!change.privileges && !change.kycModel) {
      setNotice({ kind: "status", text: text.unchanged(app.name) });
      return true;
    }
    const result = await changeApplicationAction({ applicationId: app.id, ...change });
    setNotice(
      result.ok
        ? { kind: "status", text: text.saved(app.name) }
        : { kind: "error", text: result.error ?? Object.values(result.fields ?? {}).join(" ") },
    );
    return result.ok;
  };

  return (
    <>
      <div aria-live="polite">
        {notice ? (
          <p
            className={notice.kind === "error" ? "form-error" : "notice"}
            role={notice.kind === "error" ? "alert" : "status"}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      <section className="card requests" aria-labelledby="reviews-title">
        <h2 id="reviews-title">{text.reviewTitle}</h2>
        {inReview.length === 0 ? <p className="muted">{text.noReviews}</p> : null}
        {inReview.map((app) => (
          <article className="request" key={app.id} aria-label={text.reviewLabel(app.name)}>
            <p>
              <strong>{text.reviewBy(app.name, app.owner)}</strong>
            </p>
            <p className="row-actions">
              <button type="button" className="primary" disabled={busy} onClick={() => void review(app, "approve")}>
                {text.approve(app.name)}
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => void review(app, "reject")}>
                {text.reject(app.name)}
              </button>
            </p>
          </article>
        ))}
      </section>
      <section className="card requests" aria-labelledby="requests-title">
        <h2 id="requests-title">{text.requestsTitle}</h2>
        {requesting.length === 0 ? <p className="muted">{text.noRequests}</p> : null}
        {requesting.map((app) => (
          <article className="request" key={app.id} aria-label={text.requestLabel(app.name)}>
            <p>
              <strong>{text.requestBy(app.name, app.owner)}</strong>
            </p>
            <ul>
              {app.requestedPrivileges.map((privilege) => (
                <li key={privilege}>
                  <span>{text.privilegeNames[privilege] ?? privilege}</span>{" "}
                  <span className="row-actions">
                    <button
                      type="button"
                      className="primary"
                      disabled={busy}
                      onClick={() => void decide(app, privilege, "grant")}
                    >
                      {text.grant(privilege)}
                    </button>
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      onClick={() => void decide(app, privilege, "decline")}
                    >
                      {text.decline(privilege)}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
            <p>
              <span className="muted">{text.note}: </span>
              {app.privilegeRequestNote ?? <em>{text.noNote}</em>}
            </p>
          </article>
        ))}
      </section>
      <h2>{text.allTitle}</h2>
      {props.applications.length === 0 ? <p className="card empty">{text.empty}</p> : null}
      {props.applications.map((app) => (
        <ApplicationCard
          // A changed application is a fresh form: its fields start from what was saved.
          key={`${app.id}:${app.privileges.join()}:${app.kycModel}`}
          app={app}
          privileges={props.privileges}
          onSave={(change) => save(app, change)}
        />
      ))}
    </>
  );
}
