"use client";

import { WalletProviders } from "@/components/wallet/wallet-providers";
import { SiweSignIn } from "./siwe-sign-in";

/** The wallet sign-in with its providers: loaded on demand by `SiweSignInEntry`. */
export default function SiweWithWallet(props: { next: string; appUrl: string; environment: "sandbox" | "production" }) {
  return (
    <WalletProviders environment={props.environment}>
      <SiweSignIn next={props.next} appUrl={props.appUrl} autoStart />
    </WalletProviders>
  );
}
