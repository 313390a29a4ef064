"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { onboardingStatusAction } from "@/app/(onboarding)/authorize/step-actions";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { LongValue } from "@/components/layout/long-value";
import type { AddressOnChain } from "./chain-option";

const POLL_MS = 1000;

const sameLink = (a: AddressOnChain, b: AddressOnChain) =>
  a.chain === b.chain && a.address.toLowerCase() === b.address.toLowerCase();

/** A Safe's on-chain signature awaited: the status is polled until the address shows up linked, then on. */
export function SafeWaiting(props: {
  requestId: string;
  message: string;
  pending: AddressOnChain;
  chainLabel: string;
  onLinked: () => void;
}) {
  const text = walletCopy.waiting;
  const status = useQuery({
    queryKey: ["onboarding-status", props.requestId, "safe-link"],
    queryFn: () => onboardingStatusAction({ request: props.requestId }),
    refetchInterval: POLL_MS,
  });
  const linked = status.data?.addresses.some((a) => sameLink(a, props.pending)) ?? false;
  const { onLinked } = props;
  useEffect(() => {
    if (linked) onLinked();
  }, [linked, onLinked]);

  return (
    <div role="status" aria-busy={!linked} className="safe-waiting">
      <h3>
        <span className="spinner" aria-hidden="true" /> {text.heading}
      </h3>
      <p>
        {text.body(props.message, props.chainLabel)}{" "}
        <LongValue value={props.pending.address} label={walletCopy.addressLabel} />
      </p>
      <p>{text.moveOn}</p>
      {status.isError ? <p className="form-error">{text.failed}</p> : null}
    </div>
  );
}
