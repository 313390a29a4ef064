import Link from "next/link";
import { notFound } from "next/navigation";
import { screeningCopy } from "@/components/copy/screening";
import { AlertDetailView } from "@/components/screening/alert-detail";
import { CaseDecision } from "@/components/screening/case-decision";
import { Facts, MatchExplanation } from "@/components/screening/hit-detail";
import { formatWhen } from "@/components/operator/format";
import { isAppError } from "@/server/errors";
import { readCase } from "@/server/screening/cases/list-cases";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { clearCaseAction, confirmCaseAction } from "../actions";

export const dynamic = "force-dynamic";

const text = screeningCopy.case;

/**
 * One case: the subject as screened beside the list entry and why it matched (or, for a monitoring alert, the rule
 * and what it saw beside the movement), its history, and the decision.
 */
async function CasePage(props: { params: Promise<{ case: string }> }) {
  const { case: id } = await props.params;
  const found = await readCase(id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const detail = found.detail as { subject?: unknown; entry?: unknown; explanation?: unknown };
  return (
    <main>
      <p>
        <Link href="/operator/screening/cases">{text.back}</Link>
      </p>
      <h1>{text.title(found.number)}</h1>
      <p>
        {screeningCopy.cases.states[found.state]} · {found.subjectName} ({found.subjectKind})
        {found.profileName ? ` · ${found.profileName}` : ""}
        {found.score === null ? "" : ` · ${found.score.toFixed(2)}`}
      </p>
      {found.kind === "monitoring" ? (
        <AlertDetailView detail={found.detail} profileId={found.profileId} />
      ) : (
        <>
          <div className="case-sides">
            <section className="card" aria-label={text.subject}>
              <h2>{text.subject}</h2>
              <Facts value={detail.subject} />
            </section>
            <section className="card" aria-label={text.entry}>
              <h2>
                {text.entry}: {found.listSource?.toUpperCase()} {found.listRef}
              </h2>
              <Facts value={detail.entry} skip={["ref"]} />
            </section>
          </div>
          <section className="card" aria-label={text.explanation}>
            <h2>{text.explanation}</h2>
            <MatchExplanation explanation={detail.explanation} score={found.score} />
          </section>
        </>
      )}
      {found.state === "open" && !found.awaitingConfirmation ? (
        <CaseDecision
          caseId={found.id}
          clear={clearCaseAction}
          confirm={confirmCaseAction}
          confirmLabel={found.kind === "monitoring" ? text.confirmAlert : undefined}
        />
      ) : null}
      {/* The decision's own "asked" notice leaves with it once the page is read again: the same words stay here. */}
      {found.awaitingConfirmation ? <p className="notice">{text.awaiting}</p> : null}
      <section aria-label={text.history}>
        <h2>{text.history}</h2>
        <ol>
          {found.events.map((e) => (
            <li key={`${e.at}-${e.action}`}>
              <time dateTime={e.at}>{formatWhen(e.at)}</time> · {e.action}
              {e.actor ? ` · ${e.actor}` : ""}
              {e.note ? ` · ${e.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

export default operatorPage("compliance", CasePage);
