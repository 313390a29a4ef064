"use client";

import { useState } from "react";
import { useConnection, useDisconnect, type Connector } from "wagmi";
import { demo as demoCopy } from "@/components/copy/demo";
import { wallet as walletCopy } from "@/components/copy/wallet";
import { WalletPicker } from "@/components/wallet/wallet-picker";
import type { LinkedAddress, Order } from "./api-types";
import { PlacedOrder } from "./placed-order";
import { RedeemForm } from "./redeem-form";
import { LongValue } from "@/components/layout/long-value";

/**
 * Redeem to a bank account: the browser's wallet (EIP-6963 discovery, as in onboarding) connected first, then the
 * form whose message that wallet signs, then the placed order followed until it settles.
 */
export function RedeemCard(props: { profile: string; addresses: LinkedAddress[] }) {
  const text = demoCopy.redeem;
  const connection = useConnection();
  const disconnect = useDisconnect();
  const [pickError, setPickError] = useState<string>();
  const [placed, setPlaced] = useState<{ order: Order; message: string }>();

  return (
    <section className="card" aria-labelledby="demo-redeem-heading">
      <h2 id="demo-redeem-heading">{text.heading}</h2>
      <p className="muted">{text.intro}</p>
      {connection.address ? (
        <p role="status" className="connected">
          {text.connected(walletName(connection.connector))}{" "}
          <LongValue value={connection.address} label={demoCopy.wallets.address} />{" "}
          <button type="button" onClick={() => disconnect.mutate()}>
            {text.otherWallet}
          </button>
        </p>
      ) : (
        <div className="demo-wallet">
          <p>{text.walletHeading}</p>
          <WalletPicker onError={setPickError} />
          {pickError ? (
            <p className="form-error" role="alert">
              {pickError}
            </p>
          ) : null}
        </div>
      )}
      <RedeemForm
        profile={props.profile}
        addresses={props.addresses}
        connected={connection.address}
        onPlaced={(order, message) => setPlaced({ order, message })}
      />
      {placed ? <PlacedOrder order={placed.order} message={placed.message} /> : null}
    </section>
  );
}

/** The wallet's own name when it announced itself (EIP-6963); wagmi's plain `window.ethereum` connector has none. */
function walletName(connector: Connector | undefined): string {
  return connector && connector.id !== "injected" ? connector.name : walletCopy.browserWallet;
}
