import { ColumnHeads } from "@/components/console/column-heads";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { operatorCopy } from "@/components/copy/operator";
import { TableScroll } from "@/components/layout/table-scroll";
import { AcknowledgeForm, AskReleaseButton } from "@/components/operator/supply-actions";
import { getConfig } from "@/server/config";
import { ANY_OPERATOR } from "@/server/operators/operator-roles";
import { supplyOverview } from "@/server/reserves/supply-overview";

export const dynamic = "force-dynamic";

const text = operatorCopy.supply;

/**
 * The supply watch and mint caps (C69): alerts to acknowledge, each token's latest check, mints held at a cap. A tab
 * of treasurers; every operator may open it (the banner of an open alert links here), since admins acknowledge.
 */
async function SupplyPage() {
  const view = await supplyOverview(getConfig());
  const open = view.alerts.filter((a) => a.open);
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      {open.length > 0 ? (
        <div className="form-error" role="alert">
          <p>{view.stopsMints ? text.openStopping(open.length) : text.open(open.length)}</p>
        </div>
      ) : (
        <p className="notice">{text.noAlert}</p>
      )}

      <h2 id="alerts-title">{text.alertsTitle}</h2>
      {view.alerts.length === 0 ? (
        <p className="card empty">{text.noAlerts}</p>
      ) : (
        <TableScroll label={text.alertsTitle}>
          <table className="data-table" aria-labelledby="alerts-title">
            <ColumnHeads columns={text.alertColumns} />
            <tbody>
              {view.alerts.map((a) => (
                <tr key={a.id} data-alert={a.id}>
                  <td>{a.raisedAt}</td>
                  <td>{a.chain}</td>
                  <td>{a.currency.toUpperCase()}</td>
                  <td className="num">{a.onChain}</td>
                  <td className="num">{a.ledger}</td>
                  <td className="num">{a.difference}</td>
                  <td>{a.open ? <AcknowledgeForm alertId={a.id} /> : `${a.acknowledgedAt ?? ""} ${a.note ?? ""}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2 id="checks-title">{text.checksTitle}</h2>
      <TableScroll label={text.checksTitle}>
        <table className="data-table" aria-labelledby="checks-title">
          <ColumnHeads columns={text.checkColumns} />
          <tbody>
            {view.checks.map((c) => (
              <tr key={`${c.chain}/${c.currency}`}>
                <td>{c.chain}</td>
                <td>{c.currency.toUpperCase()}</td>
                <td className="num">{c.onChain}</td>
                <td className="num">{c.ledger}</td>
                <td className="num">{c.difference}</td>
                <td>{c.checkedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <h2 id="held-title">{text.heldTitle}</h2>
      {view.held.length === 0 ? (
        <p className="card empty">{text.noHeld}</p>
      ) : (
        <TableScroll label={text.heldTitle}>
          <table className="data-table" aria-labelledby="held-title">
            <ColumnHeads columns={text.heldColumns} />
            <tbody>
              {view.held.map((h) => (
                <tr key={h.orderId} data-order={h.orderId}>
                  <td>{h.orderId}</td>
                  <td>{h.chain}</td>
                  <td className="num">
                    {h.amount} {h.currency.toUpperCase()}
                  </td>
                  <td>{h.heldSince}</td>
                  <td>{h.awaiting ? text.awaiting : <AskReleaseButton orderId={h.orderId} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </main>
  );
}

export default operatorPage(ANY_OPERATOR, SupplyPage);
