"use client";

import { useEffect, useRef, useState } from "react";
import { createSiweMessage } from "viem/siwe";
import { injected, useConnect, useConnection, useSignMessage } from "wagmi";
import { siweNonceAction, siweSignInAction } from "@/app/(onboarding)/actions";
import { account as accountCopy } from "@/components/copy/account";
import { useHydrated } from "./use-hydrated";

/** Sign in with a wallet whose address is linked to the person's profile (EIP-4361). */
export function SiweSignIn(props: { next: string; appUrl: string; autoStart?: boolean }) {
  const connection = useConnection();
  const connect = useConnect();
  const sign = useSignMessage();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn() {
    setError(undefined);
    setBusy(true);
    try {
      const { address, chainId } =
        connection.isConnected && connection.address
          ? { address: connection.address, chainId: connection.chainId }
          : await connect
              .mutateAsync({ connector: injected() })
              .then((r) => ({ address: r.accounts[0], chainId: r.chainId }));
      if (!address || !chainId) throw new Error(accountCopy.siwe.noAddress);
      const message = createSiweMessage({
        domain: window.location.host,
        address,
        statement: accountCopy.siwe.statement,
        uri: window.location.origin,
        version: "1",
        chainId,
        nonce: await siweNonceAction(),
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + 5 * 60_000),
        resources: [`${props.appUrl}/siwe`],
      });
      const signature = await sign.mutateAsync({ message });
      const result = await siweSignInAction({ message, signature, next: props.next });
      if (result.error) setError(result.error);
    } catch (e) {
      setError(e instanceof Error ? e.message.split("\n")[0] : accountCopy.siwe.failed);
    } finally {
      setBusy(false);
    }
  }

  // Started from `SiweSignInEntry`: the person already pressed the button once.
  const started = useRef(false);
  useEffect(() => {
    if (!props.autoStart || started.current) return;
    started.current = true;
    void signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  return (
    <div className="siwe">
      <button type="button" onClick={() => void signIn()} disabled={busy || !hydrated}>
        {busy ? accountCopy.siwe.busy : accountCopy.siwe.button}
      </button>
      {error ? (
        <p className="form-error" id="siwe-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
