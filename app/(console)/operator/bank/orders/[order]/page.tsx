import Link from "next/link";
import { notFound } from "next/navigation";
import { money } from "@/components/bank/format";
import { bankCopy } from "@/components/copy/bank";
import { operatorCopy } from "@/components/copy/operator";
import { LongValue } from "@/components/layout/long-value";
import { formatWhen } from "@/components/operator/format";
import { readOrderForOperator } from "@/server/bank/operator/read-order";
import { isAppError } from "@/server/errors";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.order;

/** The order a bank entry minted or a payout paid: its state, amount and chain transactions. */
async function BankOrderPage(props: { params: Promise<{ order: string }> }) {
  const { order: id } = await props.params;
  const order = await readOrderForOperator(id).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const f = text.fields;
  return (
    <main>
      <p>
        <Link href="/operator/bank">{text.back}</Link>
      </p>
      <h1>
        {text.title} {money(order.amount, order.currency)}
      </h1>
      <section className="card" aria-label={text.title}>
        <dl className="bank-details">
          <dt>{f.id}</dt>
          <dd>
            <LongValue value={order.id} label={bankCopy.orderId} />
          </dd>
          <dt>{f.kind}</dt>
          <dd>{operatorCopy.orders.kinds[order.kind]}</dd>
          <dt>{f.state}</dt>
          <dd data-testid="order-state">{operatorCopy.orders.states[order.state] ?? order.state}</dd>
          <dt>{f.amount}</dt>
          <dd>{money(order.amount, order.currency)}</dd>
          <dt>{f.profile}</dt>
          <dd>
            <Link href={`/operator/profiles/${order.profile}`}>
              <LongValue value={order.profile} label={f.profile} copy={false} />
            </Link>
          </dd>
          <dt>{f.chain}</dt>
          <dd>{order.chain}</dd>
          <dt>{f.placedAt}</dt>
          <dd>
            <time dateTime={order.meta.placedAt}>{formatWhen(order.meta.placedAt)}</time>
          </dd>
          {order.meta.txHashes?.length ? (
            <>
              <dt>{f.transactions}</dt>
              <dd>
                {order.meta.txHashes.map((hash) => (
                  <p key={hash}>
                    <LongValue value={hash} label={f.transactions} short />
                  </p>
                ))}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
    </main>
  );
}

export default operatorPage("treasurer", BankOrderPage);
