import Link from "next/link";
import { notFound } from "next/navigation";
import { operatorCopy } from "@/components/copy/operator";
import { BlockForm } from "@/components/operator/block-form";
import { DecisionForm } from "@/components/operator/decision-form";
import { StateBadge } from "@/components/operator/state-badge";
import { SubmittedData } from "@/components/operator/submitted-data";
import { when } from "@/components/operator/when";
import { isAppError } from "@/server/errors";
import { reviewItem, type ReviewItem } from "@/server/profiles/review-profile";
import { LongValue } from "@/components/layout/long-value";
import "../../review.css";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { RetentionForm } from "@/components/operator/retention-form";
import { getConfig } from "@/server/config";
import { retentionStatus } from "@/server/retention/retention-status";

export const dynamic = "force-dynamic";

type Section = { section: "details" | "form" | "verification"; kind: string; state: string };

/** One profile under review: what it submitted, its documents in place, and the operator's decisions. */
async function ProfileReviewPage(props: { params: Promise<{ profile: string }> }) {
  const item = await load((await props.params).profile);
  const retention = await retentionStatus(item.id, getConfig());
  const text = operatorCopy.review;
  const name = item.name || operatorCopy.unnamed;
  const blocked = item.state === "blocked";
  const files = new Map(item.files.map((f) => [f.id, f]));
  const sections: Section[] = [
    { section: "details", kind: "", state: item.details.state },
    { section: "form", kind: "", state: item.form.state },
    ...item.verifications.map((v) => ({ section: "verification" as const, kind: v.kind, state: v.state })),
  ];
  const anyPending = sections.some((s) => s.state === "pending");
  return (
    <main className="review">
      <p>
        <Link href="/operator">{text.back}</Link>
      </p>
      <h1>{name}</h1>
      <dl className="facts">
        <dt>{text.kind}</dt>
        <dd>{operatorCopy.kinds[item.kind] ?? item.kind}</dd>
        <dt>{text.state}</dt>
        <dd>
          <StateBadge state={item.state} />
        </dd>
        {item.reason && (item.state === "blocked" || item.state === "rejected") ? (
          <>
            <dt>{text.reason}</dt>
            <dd>{item.reason}</dd>
          </>
        ) : null}
        <dt>{text.id}</dt>
        <dd>
          <LongValue value={item.id} label={text.id} />
        </dd>
      </dl>
      {blocked && anyPending ? <p className="notice">{text.blockedNotice}</p> : null}

      {sections.map((s) => {
        const title = operatorCopy.sectionName(s.section, s.kind);
        const id = `section-${s.section}${s.kind ? `-${s.kind}` : ""}`;
        const submission = item.submissions.find((x) => x.section === s.section && x.kind === s.kind);
        return (
          <section className="card" key={id} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>
              {title} <StateBadge state={s.state} />
            </h2>
            {submission ? (
              <>
                <p className="muted">
                  {text.submitted} {when(submission.submittedAt)}
                  {submission.decidedAt ? ` · ${text.decided} ${when(submission.decidedAt)}` : null}
                  {submission.reason ? ` · ${text.reason}: ${submission.reason}` : null}
                </p>
                <SubmittedData data={submission.data} files={files} />
              </>
            ) : (
              <p className="muted">{text.notSubmitted}</p>
            )}
            {s.state === "pending" && !blocked ? (
              <DecisionForm id={id} profile={item.id} section={s.section} kind={s.kind || undefined} />
            ) : null}
          </section>
        );
      })}

      {anyPending && !blocked ? (
        <section className="card" aria-labelledby="whole-title">
          <h2 id="whole-title">{text.decision.wholeTitle}</h2>
          <p className="muted">{text.decision.wholeIntro}</p>
          <DecisionForm id="whole" profile={item.id} />
        </section>
      ) : null}

      {retention.closedAt ? null : (
        <section className="card" aria-labelledby="block-title">
          <h2 id="block-title">{text.block.title}</h2>
          <BlockForm profile={item.id} name={name} blocked={blocked} />
        </section>
      )}

      <section className="card" aria-labelledby="retention-title">
        <h2 id="retention-title">{text.retention.title}</h2>
        <p className="muted">{text.retention.intro}</p>
        <dl className="facts">
          {(
            [
              [text.retention.closedAt, retention.closedAt],
              [text.retention.eraseAfter, retention.eraseAfter],
              [text.retention.requestedAt, retention.erasureRequestedAt],
              [text.retention.erasedAt, retention.erasedAt],
            ] as const
          ).map(([label, at]) =>
            at ? (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{when(at)}</dd>
              </div>
            ) : null,
          )}
        </dl>
        {/* A plain form: the browser saves the archive the answer carries. */}
        <form method="post" action={`/api/admin/profiles/${item.id}/export`}>
          <p className="muted">{text.retention.exportIntro}</p>
          <div className="actions">
            <button type="submit">{text.retention.export}</button>
          </div>
        </form>
        {retention.closedAt ? null : <RetentionForm profile={item.id} name={name} kind="close" />}
        {retention.erasedAt || retention.erasureRequestedAt ? null : (
          <RetentionForm profile={item.id} name={name} kind="erase" />
        )}
      </section>
    </main>
  );
}

async function load(id: string): Promise<ReviewItem> {
  try {
    return await reviewItem(id);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}

export default operatorPage("reviewer", ProfileReviewPage);
