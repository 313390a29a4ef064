"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState, type ReactNode } from "react";
import { useConnection } from "wagmi";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { LongValue } from "@/components/layout/long-value";
import type { AddressOnChain, ChainOption } from "./chain-option";
import { LinkWalletForm } from "./link-wallet-form";
import { SafeWaiting } from "./safe-waiting";
import { WalletPicker } from "./wallet-picker";

/**
 * The wallet step: the addresses already linked, then connect a wallet (EIP-6963 discovery), choose the chain and
 * sign the link message; a Safe signs on chain and the page waits for it. The application may have named the address
 * to link, and an automatic link of it may have failed: both are said first.
 */
export function WalletStep(props: {
  requestId: string;
  applicationName: string;
  message: string;
  chains: ChainOption[];
  defaultChain: string;
  requiredAddress?: string;
  autoLinkError?: string;
  linked: AddressOnChain[];
  pending?: AddressOnChain;
  continueHref: string;
  /** How to connect, when not through the browser's own wallets (the WalletConnect page). */
  picker?: ReactNode;
  /** The WalletConnect choice the browser-wallet picker offers as well, when the instance has a project. */
  walletConnect?: { href: string; label: string; hint: string };
}) {
  const text = walletCopy;
  const router = useRouter();
  const connection = useConnection();
  const [pending, setPending] = useState(props.pending);
  const [pickError, setPickError] = useState<string>();
  const { continueHref } = props;
  const onSafeLinked = useCallback(() => router.push(continueHref), [router, continueHref]);
  const labelOf = (chain: string) => props.chains.find((c) => c.name === chain)?.label ?? chain;

  return (
    <section className="card" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">{text.heading}</h2>
      <p className="muted">{text.intro}</p>
      {props.requiredAddress ? (
        <p className="notice" data-testid="required-address">
          {text.required(props.applicationName)} <LongValue value={props.requiredAddress} label={text.addressLabel} />{" "}
          {text.requiredHint}
        </p>
      ) : null}
      {props.autoLinkError ? (
        <p className="form-error" role="alert" id="auto-link-error">
          {text.autoLinkFailed(props.autoLinkError)}
        </p>
      ) : null}
      {props.linked.length > 0 ? (
        <div>
          <h3>{text.linkedHeading}</h3>
          <ul className="linked-addresses">
            {props.linked.map((a) => (
              <li key={`${a.chain}:${a.address}`}>
                <LongValue value={a.address} label={text.addressLabel} /> {text.linkedOn(labelOf(a.chain))}
              </li>
            ))}
          </ul>
          <p className="muted">{text.linkAnother}</p>
          <Link className="button primary" href={props.continueHref}>
            {text.continue}
          </Link>
        </div>
      ) : null}
      {pending ? (
        <SafeWaiting
          requestId={props.requestId}
          message={props.message}
          pending={pending}
          chainLabel={labelOf(pending.chain)}
          onLinked={onSafeLinked}
        />
      ) : connection.isConnected ? (
        <LinkWalletForm
          requestId={props.requestId}
          message={props.message}
          chains={props.chains}
          defaultChain={props.defaultChain}
          requiredAddress={props.requiredAddress}
          onLinked={(next) => router.push(next)}
          onPending={setPending}
        />
      ) : (
        (props.picker ?? (
          <>
            <WalletPicker onError={setPickError} walletConnect={props.walletConnect} />
            {pickError ? (
              <p className="form-error" role="alert">
                {pickError}
              </p>
            ) : null}
          </>
        ))
      )}
    </section>
  );
}
