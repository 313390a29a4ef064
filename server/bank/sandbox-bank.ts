import { createHash } from "node:crypto";
import type { BankGateway, PayoutInstruction } from "./gateway.ts";

/**
 * The sandbox bank: a payout is accepted as sent at once, with a reference derived from the order (the same order
 * always gets the same reference, as a real bank's idempotency key would). The payout itself is recorded by the
 * caller with the order's settlement.
 */
export class SandboxBank implements BankGateway {
  sendPayout(payout: PayoutInstruction): Promise<{ bankReference: string }> {
    const digest = createHash("sha256").update(`payout:${payout.orderId}`).digest("hex").slice(0, 16).toUpperCase();
    return Promise.resolve({ bankReference: `SBX-${digest}` });
  }
}

let bank: BankGateway | undefined;

/** The configured bank (only the sandbox bank exists so far; a real one plugs in here). */
export function bankGateway(): BankGateway {
  return (bank ??= new SandboxBank());
}
