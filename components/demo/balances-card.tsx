"use client";

import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { demo as demoCopy } from "@/components/copy/demo";
import type { Balances, LinkedAddress } from "./api-types";
import { useDemoConnection, useSessionGuard } from "./demo-context";
import { Loading, QueryError } from "./query-state";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";

/** `GET /balances/{chain}/{address}` for every linked address on every chain it is linked on. */
export function BalancesCard(props: { addresses: LinkedAddress[]; sandbox: boolean; loading: boolean }) {
  const text = demoCopy.balances;
  const { api } = useDemoConnection();
  const pairs = props.addresses.flatMap((a) => a.chains.map((chain) => ({ address: a.address, chain })));
  const results = useQueries({
    queries: pairs.map(({ address, chain }) => ({
      queryKey: ["demo", "balances", chain, address],
      queryFn: () => api.get<Balances>(`/balances/${chain}/${address}`),
    })),
  });
  const failed = results.find((r) => r.isError);
  useSessionGuard(failed?.error);
  const rows = results.flatMap((r) => (r.data ? [r.data] : []));
  const empty = rows.every((row) => row.balances.every((b) => /^0(\.0+)?$/.test(b.amount)));

  return (
    <section className="card" aria-labelledby="demo-balances-heading">
      <h2 id="demo-balances-heading">{text.heading}</h2>
      {props.loading || results.some((r) => r.isPending) ? (
        <Loading label={demoCopy.account.loading} />
      ) : failed ? (
        <QueryError error={failed.error} onRetry={() => void failed.refetch()} />
      ) : (
        <>
          {rows.length > 0 ? (
            <TableScroll label={text.heading} className="demo-table-scroll">
              <table className="demo-table">
                <thead>
                  <tr>
                    <th scope="col">{text.chain}</th>
                    <th scope="col">{text.address}</th>
                    <th scope="col">{text.amount}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={`${row.chain}:${row.address}`} data-testid={`balance-${row.chain}`}>
                      <td>{row.chain}</td>
                      <td>
                        <LongValue value={row.address} label={text.address} />
                      </td>
                      <td className="demo-amount">
                        {row.balances.map((b) => text.amountOf(b.amount, b.currency)).join(", ")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          {empty ? (
            <p className="empty">
              {props.sandbox ? (
                <>
                  {text.none} <Link href="/sandbox">{text.simulator}</Link>
                </>
              ) : (
                text.noneProduction
              )}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
