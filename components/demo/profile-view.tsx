"use client";

import { demo as demoCopy } from "@/components/copy/demo";
import type { Iban, LinkedAddress, ProfileSummary } from "./api-types";
import { useApiQuery } from "./demo-context";
import { BalancesCard } from "./balances-card";
import { OrdersCard } from "./orders-card";
import { Loading, QueryError } from "./query-state";
import { RedeemCard } from "./redeem-card";
import { LongValue } from "@/components/layout/long-value";

/** One profile through the API: its addresses and IBANs, balances per address and chain, redeem, recent orders. */
export function ProfileView(props: { profile: ProfileSummary; sandbox: boolean }) {
  const text = demoCopy.wallets;
  const profile = props.profile.id;
  const addresses = useApiQuery<{ addresses: LinkedAddress[] }>(
    ["addresses", profile],
    `/addresses?profile=${profile}`,
  );
  const ibans = useApiQuery<{ ibans: Iban[] }>(["ibans", profile], `/ibans?profile=${profile}`);
  const linked = addresses.data?.addresses ?? [];

  return (
    <>
      <section className="card" aria-labelledby="demo-wallets-heading">
        <h2 id="demo-wallets-heading">{text.heading}</h2>
        {addresses.isPending || ibans.isPending ? (
          <Loading label={demoCopy.account.loading} />
        ) : addresses.isError ? (
          <QueryError error={addresses.error} onRetry={() => void addresses.refetch()} />
        ) : ibans.isError ? (
          <QueryError error={ibans.error} onRetry={() => void ibans.refetch()} />
        ) : (
          <>
            {linked.length === 0 ? (
              <p className="empty">{text.noAddress}</p>
            ) : (
              <ul className="demo-list" aria-label={text.address}>
                {linked.map((a) => (
                  <li key={a.address}>
                    <LongValue value={a.address} label={text.address} />{" "}
                    <span className="muted">{a.chains.join(", ")}</span>
                  </li>
                ))}
              </ul>
            )}
            {ibans.data.ibans.length === 0 ? (
              <p className="empty" data-testid="demo-no-iban">
                {text.noIban}
              </p>
            ) : (
              <ul className="demo-list" aria-label={text.iban}>
                {ibans.data.ibans.map((i) => (
                  <li key={i.iban}>
                    <LongValue
                      className="demo-iban"
                      testId="demo-iban"
                      value={i.iban.replace(/\s+/g, "")}
                      shown={i.iban}
                      label={text.iban}
                    />{" "}
                    <span className="muted">
                      {i.bic} · {text.ibanFor(i.address, i.chain)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <BalancesCard addresses={linked} sandbox={props.sandbox} loading={addresses.isPending} />
      {linked.length > 0 ? <RedeemCard profile={profile} addresses={linked} /> : null}
      <OrdersCard profile={profile} />
    </>
  );
}
