import Link from "next/link";
import { screeningCopy } from "@/components/copy/screening";
import { formatWhen } from "@/components/operator/format";

const text = screeningCopy.case;

/** A monitoring case's detail as `server/monitoring/alert-case.ts` writes it; anything missing shows as a dash. */
type AlertDetail = {
  rule?: { key?: string; name?: string };
  amount?: string;
  currency?: string;
  window?: { from?: string; until?: string };
  explanation?: string;
  movement?: { kind?: string; id?: string; orderId?: string | null };
  related?: string[];
};

/**
 * A monitoring case (C67): the rule and what it saw beside the movement it saw it on, with the way to the profile and
 * its orders (the console has no page of one order: the profile's orders are listed, the order's id said).
 */
export function AlertDetailView(props: { detail: unknown; profileId: string | null }) {
  const detail = (props.detail ?? {}) as AlertDetail;
  const movement = detail.movement ?? {};
  const orderKind = movement.kind === "credit" ? "issue" : "redeem";
  const window = detail.window;
  return (
    <div className="case-sides">
      <section className="card" aria-label={text.alert}>
        <h2>{text.alert}</h2>
        <dl>
          <dt>{text.rule}</dt>
          <dd>
            {detail.rule?.name ?? "—"} <span className="muted">({detail.rule?.key ?? "—"})</span>
          </dd>
          <dt>{text.saw}</dt>
          <dd>{detail.explanation ?? "—"}</dd>
          <dt>{text.amount}</dt>
          <dd>{detail.amount ? `${detail.amount} ${detail.currency?.toUpperCase() ?? ""}` : "—"}</dd>
          <dt>{text.window}</dt>
          <dd>
            {window?.from && window.until ? (
              <>
                <time dateTime={window.from}>{formatWhen(window.from)}</time> –{" "}
                <time dateTime={window.until}>{formatWhen(window.until)}</time>
              </>
            ) : (
              "—"
            )}
          </dd>
        </dl>
      </section>
      <section className="card" aria-label={text.movement}>
        <h2>{text.movement}</h2>
        <dl>
          <dt>{movement.kind ?? "—"}</dt>
          <dd>
            <code>{movement.id ?? "—"}</code>
            {movement.orderId && movement.orderId !== movement.id ? (
              <>
                {" "}
                · order <code>{movement.orderId}</code>
              </>
            ) : null}
          </dd>
          <dt>{text.related}</dt>
          <dd>{detail.related && detail.related.length > 0 ? detail.related.join(", ") : "—"}</dd>
        </dl>
        {props.profileId ? (
          <p>
            <Link href={`/operator/profiles/${props.profileId}`}>{text.profile}</Link> ·{" "}
            <Link href={`/operator/orders?filter=all&kind=${orderKind}&profile=${props.profileId}`}>{text.orders}</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
