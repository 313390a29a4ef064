import type { CounterpartView } from "../orders/order-view.ts";

/** A payout the bank is asked to send for a processed redeem order. */
export type PayoutInstruction = {
  orderId: string;
  amountMinor: bigint;
  currency: string;
  counterpart: CounterpartView;
  /** Remittance information: the order's reference number, else its memo. */
  remittance: string;
};

/**
 * The bank, seen from the platform: it sends payouts, and it reports incoming payments (which arrive through
 * `receiveIncomingPayment`, called by the bank integration or, in the sandbox, by the simulator).
 */
export interface BankGateway {
  /** Sends the payout; returns the bank's reference for it. Must be idempotent per `orderId`. */
  sendPayout(payout: PayoutInstruction): Promise<{ bankReference: string }>;
}
