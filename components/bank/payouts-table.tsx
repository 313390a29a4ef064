import Link from "next/link";
import { bankCopy } from "@/components/copy/bank";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";
import type { PayoutView } from "@/server/bank/operator/bank-operator.responses";
import { money } from "./format";

const text = bankCopy.report;

/** The payouts a payment file carries: who is paid, how much, with which end-to-end id, and their state. */
export function PayoutsTable({ payouts }: { payouts: PayoutView[] }) {
  return (
    <TableScroll label={text.payoutsCaption}>
      <table className="data-table bank-table">
        <caption className="visually-hidden">{text.payoutsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{bankCopy.endToEndId}</th>
            <th scope="col" className="num">
              {text.columns.amount}
            </th>
            <th scope="col">{bankCopy.exceptions.columns.to}</th>
            <th scope="col">{bankCopy.payments.columns.state}</th>
            <th scope="col">{text.columns.detail}</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td>
                <LongValue value={payout.endToEndId} label={bankCopy.endToEndId} short />
              </td>
              <td className="num">{money(payout.amount, payout.currency)}</td>
              <td>
                {payout.creditorName ?? null}
                {payout.creditorIban ? (
                  <p>
                    <LongValue value={payout.creditorIban} label={bankCopy.iban} />
                  </p>
                ) : null}
              </td>
              <td>
                <span className="badge">{bankCopy.payoutStates[payout.state] ?? payout.state}</span>
              </td>
              <td>
                {payout.orderId ? (
                  <Link href={`/operator/bank/orders/${payout.orderId}`}>{bankCopy.orderLink}</Link>
                ) : null}
                {payout.remittance ? <p className="muted">{payout.remittance}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
