/** The shapes of the public API's answers the demo integrator reads (SPEC objects), written as any client would. */

export type ProfileSummary = {
  id: string;
  kind: "personal" | "corporate";
  name: string;
  state: "created" | "pending" | "approved" | "rejected" | "blocked";
};

export type AuthContext = {
  userId: string;
  email: string;
  name: string;
  defaultProfile: string;
  profiles: ProfileSummary[];
};

export type LinkedAddress = { profile: string; address: string; chains: string[] };

export type Iban = { iban: string; bic: string; name: string; profile: string; address: string; chain: string };

export type Balances = {
  address: string;
  chain: string;
  balances: { currency: string; amount: string }[];
};

export type Order = {
  id: string;
  kind: "issue" | "redeem";
  address: string;
  chain: string;
  currency: string;
  amount: string;
  counterpart: {
    identifier: { standard: "iban"; iban: string } | { standard: "chain"; address: string; chain: string };
    details: Record<string, string>;
  };
  memo: string;
  state: "placed" | "pending" | "processed" | "rejected";
  meta: { placedAt: string; processedAt?: string; rejectedReason?: string; txHashes?: string[] };
};

/** Orders still moving: their lists and views are polled until they settle. */
export function isOpen(order: Order): boolean {
  return order.state === "placed" || order.state === "pending";
}
