"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useConnect, useConnectors } from "wagmi";
import { walletConnect as walletConnectCopy } from "@/components/copy/walletconnect";
import { QrCode } from "./qr-code";

/**
 * How long the relay gets to hand out a pairing link. Reaching it takes a second or two; a relay that cannot be
 * reached (no internet, a firewall) would otherwise leave the person looking at a spinner.
 */
const RELAY_TIMEOUT_MS = 8000;

/** Errors that mean the relay was not reached, as the WalletConnect libraries word them. */
const UNREACHABLE = /relay|socket|network|fetch|timed? ?out|connect(ion)? (failed|error)|offline/i;

/**
 * Pairs a phone wallet through WalletConnect: asks the relay for a pairing link, shows it as a QR code (and as a link
 * for a wallet on this device), and waits for the wallet to approve. A relay that does not answer is said plainly.
 */
export function WalletConnectPairing(props: { backHref: string }) {
  const text = walletConnectCopy;
  const connector = useConnectors().find((c) => c.id === "walletConnect");
  const connect = useConnect();
  const [uri, setUri] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [copied, setCopied] = useState(false);
  const attempt = useRef(0);

  useEffect(() => {
    if (!connector) return;
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type === "display_uri" && typeof data === "string") setUri(data);
    };
    connector.emitter.on("message", onMessage);
    return () => connector.emitter.off("message", onMessage);
  }, [connector]);

  async function start() {
    if (!connector) return;
    const mine = ++attempt.current;
    const current = () => attempt.current === mine;
    setError(undefined);
    setUri(undefined);
    setBusy(true);
    let paired = false;
    const unreachable = setTimeout(() => {
      if (!current() || paired) return;
      attempt.current++;
      setBusy(false);
      setError(text.relayUnreachable);
    }, RELAY_TIMEOUT_MS);
    const onUri = ({ type }: { type: string }) => {
      if (type === "display_uri") paired = true;
    };
    connector.emitter.on("message", onUri);
    try {
      await connect.mutateAsync({ connector });
    } catch (e) {
      if (!current()) return;
      const message = e instanceof Error ? e.message.split("\n")[0] : "";
      setError(!paired || UNREACHABLE.test(message ?? "") ? text.relayUnreachable : text.failed(message ?? ""));
      setUri(undefined);
    } finally {
      clearTimeout(unreachable);
      connector.emitter.off("message", onUri);
      if (current()) setBusy(false);
    }
  }

  async function copy(link: string) {
    await navigator.clipboard.writeText(link).catch(() => undefined);
    setCopied(true);
  }

  return (
    <div className="walletconnect">
      <h3>{text.heading}</h3>
      <p className="muted">{text.intro}</p>
      {uri && busy ? (
        <div className="walletconnect-pairing">
          <p>{text.scan}</p>
          <QrCode value={uri} label={text.qrLabel} />
          <p className="actions">
            <a className="button" href={uri}>
              {text.openLink}
            </a>
            <button type="button" className="copy" onClick={() => void copy(uri)}>
              {copied ? text.copied : text.copyLink}
            </button>
          </p>
          <p role="status" className="progress-note">
            <span className="spinner" aria-hidden="true" /> {text.waiting}
          </p>
        </div>
      ) : (
        <button className="primary" type="button" onClick={() => void start()} disabled={busy || !connector}>
          {busy ? text.starting : error ? text.tryAgain : text.start}
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert" id="walletconnect-error">
          {error}
        </p>
      ) : null}
      <p>
        <Link href={props.backHref}>{text.back}</Link>
      </p>
    </div>
  );
}
