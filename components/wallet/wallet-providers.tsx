"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import {
  arbitrum,
  arbitrumSepolia,
  base,
  baseSepolia,
  gnosis,
  gnosisChiado,
  linea,
  lineaSepolia,
  mainnet,
  polygon,
  polygonAmoy,
  sepolia,
} from "viem/chains";
import { createConfig, http, injected, WagmiProvider, type CreateConnectorFn, type Transport } from "wagmi";

const CHAINS = {
  sandbox: [sepolia, gnosisChiado, polygonAmoy, arbitrumSepolia, lineaSepolia, baseSepolia],
  production: [mainnet, gnosis, polygon, arbitrum, linea, base],
} as const;

function walletConfig(environment: "sandbox" | "production", more: CreateConnectorFn[]) {
  const chains = CHAINS[environment];
  return createConfig({
    chains,
    // The browser's own wallet (EIP-1193 `window.ethereum`): signing never needs our RPC.
    connectors: [injected(), ...more],
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])) as Record<
      (typeof chains)[number]["id"],
      Transport
    >,
    ssr: true,
  });
}

/** wagmi and TanStack Query for the screens that talk to a wallet; `connectors` adds to the browser's wallet. */
export function WalletProviders(props: {
  environment: "sandbox" | "production";
  connectors?: CreateConnectorFn[];
  children: ReactNode;
}) {
  const [config] = useState(() => walletConfig(props.environment, props.connectors ?? []));
  const [queryClient] = useState(() => new QueryClient());
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </WagmiProvider>
  );
}
