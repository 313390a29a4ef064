"use client";

import { useState } from "react";
import { useConnection, useDisconnect, useSignMessage, useSwitchChain } from "wagmi";
import { linkWalletAction, type LinkWalletResult } from "@/app/(onboarding)/authorize/wallet-actions";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { LongValue } from "@/components/layout/long-value";
import { Field } from "@/components/onboarding/field";
import type { AddressOnChain, ChainOption } from "./chain-option";

/**
 * The connected wallet: the chain to link on, whether it is a Safe signing on chain, then the signature of the link
 * message and the server's answer. An address other than the one the application asked for is refused here.
 */
export function LinkWalletForm(props: {
  requestId: string;
  message: string;
  chains: ChainOption[];
  defaultChain: string;
  requiredAddress?: string;
  onLinked: (next: string) => void;
  onPending: (pending: AddressOnChain) => void;
}) {
  const text = walletCopy;
  const connection = useConnection();
  const disconnect = useDisconnect();
  const switchChain = useSwitchChain();
  const sign = useSignMessage();
  const [chain, setChain] = useState(props.defaultChain);
  const [safe, setSafe] = useState(false);
  const [busy, setBusy] = useState<"signing" | "linking">();
  const [error, setError] = useState<string>();
  const address = connection.address;
  if (!address) return null;

  const wrong =
    props.requiredAddress && props.requiredAddress.toLowerCase() !== address.toLowerCase()
      ? text.wrongAddress(props.requiredAddress, address)
      : undefined;

  async function link(connected: string) {
    setError(undefined);
    const chosen = props.chains.find((c) => c.name === chain);
    if (!chosen) return;
    setBusy("signing");
    try {
      // The wallet is asked to move to the chosen chain (a Safe signs there); the link signature itself is the same
      // on every chain, so a wallet that cannot switch still links.
      if (connection.chainId !== chosen.chainId) {
        await switchChain.mutateAsync({ chainId: chosen.chainId }).catch(() => undefined);
      }
      const signature = safe ? "0x" : await sign.mutateAsync({ message: props.message });
      setBusy("linking");
      const result: LinkWalletResult = await linkWalletAction({
        request: props.requestId,
        address: connected,
        chain,
        signature,
      });
      const problem = result.error ?? (result.fields && Object.values(result.fields)[0]);
      if (problem) setError(problem);
      else if (result.pending) props.onPending(result.pending);
      else if (result.next) props.onLinked(result.next);
    } catch (e) {
      setError(e instanceof Error ? e.message.split("\n")[0] : text.failed);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void link(address);
      }}
      noValidate
    >
      <p role="status" className="connected">
        {text.connected(connection.connector?.name ?? text.browserWallet)}{" "}
        <LongValue value={address} label={text.addressLabel} />{" "}
        <button type="button" onClick={() => disconnect.mutate()} disabled={busy !== undefined}>
          {text.disconnect}
        </button>
      </p>
      {wrong ? (
        <p className="form-error" role="alert" id="wrong-address">
          {wrong}
        </p>
      ) : null}
      <Field id="chain" label={text.chain}>
        <select id="chain" value={chain} onChange={(e) => setChain(e.target.value)} aria-describedby="chain-hint">
          {props.chains.map((c) => (
            <option key={c.name} value={c.name}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <p className="muted" id="chain-hint">
        {text.chainHint}
      </p>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={safe}
            onChange={(e) => setSafe(e.target.checked)}
            aria-describedby="safe-hint"
          />{" "}
          {text.safe}
        </label>
        <p className="muted" id="safe-hint">
          {text.safeHint}
        </p>
      </div>
      {error ? (
        <p className="form-error" role="alert" id="link-error">
          {error}
        </p>
      ) : null}
      <button className="primary" type="submit" disabled={busy !== undefined || wrong !== undefined}>
        {busy === "signing" ? text.signing : busy === "linking" ? text.linking : safe ? text.signOnChain : text.sign}
      </button>
    </form>
  );
}
