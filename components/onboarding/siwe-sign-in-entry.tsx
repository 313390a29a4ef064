"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { account as accountCopy } from "@/components/copy/account";
import { useHydrated } from "./use-hydrated";

// The wallet libraries load only when the person chooses to sign in with a wallet.
const SiweWithWallet = dynamic(() => import("./siwe-with-wallet"), {
  ssr: false,
  loading: () => (
    <button type="button" disabled>
      {accountCopy.siwe.busy}
    </button>
  ),
});

/** "Sign in with Ethereum": a plain button until pressed, then the wallet sign-in, started at once. */
export function SiweSignInEntry(props: { next: string; appUrl: string; environment: "sandbox" | "production" }) {
  const [started, setStarted] = useState(false);
  const hydrated = useHydrated();
  if (started) return <SiweWithWallet {...props} />;
  return (
    <div className="siwe">
      <button type="button" onClick={() => setStarted(true)} disabled={!hydrated}>
        {accountCopy.siwe.button}
      </button>
    </div>
  );
}
