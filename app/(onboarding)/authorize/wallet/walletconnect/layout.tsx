import type { ReactNode } from "react";
import "./walletconnect.css";

/** The WalletConnect page of the wallet step, with the few styles of its QR code. */
export default function WalletConnectLayout({ children }: { children: ReactNode }) {
  return children;
}
