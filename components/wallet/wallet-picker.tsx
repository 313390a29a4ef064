"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useConnect, useConnectors, type Connector } from "wagmi";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { useHydrated } from "@/components/onboarding/use-hydrated";

/** How long wallets get to announce themselves (EIP-6963) before the page says none was found. */
const DISCOVERY_GRACE_MS = 400;

/**
 * The wallets the browser offers, by name and icon: those that announced themselves through EIP-6963, or else a
 * wallet that only sets `window.ethereum`. With none, what to install.
 */
export function WalletPicker(props: {
  onError: (message: string | undefined) => void;
  /** The WalletConnect page, offered beside the browser's wallets when the instance has a WalletConnect project. */
  walletConnect?: { href: string; label: string; hint: string };
}) {
  const connectors = useConnectors();
  const connect = useConnect();
  const hydrated = useHydrated();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), DISCOVERY_GRACE_MS);
    return () => clearTimeout(timer);
  }, []);

  const announced = connectors.filter((c) => c.type === "injected" && c.id !== "injected");
  // A wallet that sets `window.ethereum` without announcing itself: wagmi's plain injected connector reaches it.
  const legacy =
    hydrated && announced.length === 0 && "ethereum" in window
      ? connectors.find((c) => c.id === "injected")
      : undefined;
  const text = walletCopy;

  async function choose(connector: Connector) {
    props.onError(undefined);
    try {
      await connect.mutateAsync({ connector });
    } catch (error) {
      props.onError(error instanceof Error ? error.message.split("\n")[0] : text.failed);
    }
  }

  if (!hydrated || (!settled && announced.length === 0)) {
    return (
      <p role="status" className="muted">
        {text.looking}
      </p>
    );
  }
  const offered = legacy ? [legacy] : announced;
  const other = props.walletConnect;
  const otherChoice = other ? (
    <Link className="button wallet-choice" href={other.href}>
      <span>{other.label}</span> <small className="muted">{other.hint}</small>
    </Link>
  ) : null;
  if (offered.length === 0) {
    return (
      <div role="status" className="wallet-empty">
        <h3>{text.noWallet.heading}</h3>
        <p>{text.noWallet.body}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {text.noWallet.reload}
        </button>
        {otherChoice}
      </div>
    );
  }
  return (
    <div>
      <h3 id="wallets-heading">{text.choose}</h3>
      <ul className="wallets" aria-labelledby="wallets-heading">
        {offered.map((connector) => (
          <li key={connector.uid}>
            <button
              type="button"
              className="wallet-choice"
              disabled={connect.isPending}
              onClick={() => void choose(connector)}
            >
              {connector.icon ? (
                // A wallet's own icon, a data: URI it announced; next/image has nothing to optimise there.
                // eslint-disable-next-line @next/next/no-img-element
                <img src={connector.icon} alt="" width={28} height={28} />
              ) : null}
              <span>{connector === legacy ? text.browserWallet : connector.name}</span>
            </button>
          </li>
        ))}
        {otherChoice ? <li>{otherChoice}</li> : null}
      </ul>
      {connect.isPending ? (
        <p role="status" className="muted">
          {text.connecting}
        </p>
      ) : null}
    </div>
  );
}
