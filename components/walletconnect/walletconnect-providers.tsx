"use client";

import { useState, type ReactNode } from "react";
import { WalletProviders } from "@/components/wallet/wallet-providers";
import { walletConnectQr } from "./walletconnect-connector";

/**
 * The wallet step's providers with the WalletConnect connector added: the same wagmi setup as the browser-wallet
 * page, so that page's code is shared as it is and only the WalletConnect code is this page's own.
 */
export function WalletConnectProviders(props: {
  environment: "sandbox" | "production";
  projectId: string;
  appName: string;
  appUrl: string;
  children: ReactNode;
}) {
  const [connectors] = useState(() => [
    walletConnectQr({
      projectId: props.projectId,
      // What the phone wallet shows about who asks to connect.
      metadata: { name: props.appName, description: props.appName, url: props.appUrl, icons: [] },
    }),
  ]);
  return (
    <WalletProviders environment={props.environment} connectors={connectors}>
      {props.children}
    </WalletProviders>
  );
}
