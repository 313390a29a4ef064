import { z } from "zod";
import { amountResponse, chainNameResponse, currencyResponse, evmAddressResponse } from "../chains/chain.responses.ts";

const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** `POST /sandbox/chains/{chain}/smart-accounts`: the Safe-like account, deployed. */
export const smartAccountResponse = z
  .object({
    chain: z.string().meta({ description: "The chain's wire name", example: "sepolia" }),
    address: evmAddress.meta({
      description: "As the request wrote it, or the address the sandbox derived when the request left it out",
    }),
    owners: z.array(evmAddress),
    threshold: z.number().int().meta({ description: "Owner signatures a transaction needs" }),
  })
  .meta({ id: "SandboxSmartAccount" });
export type SmartAccountView = z.input<typeof smartAccountResponse>;

/** `POST /sandbox/chains/{chain}/smart-accounts/{address}/signed-messages`: `SignMsg` emitted, and what it completed. */
export const signedMessageResponse = z
  .object({
    chain: z.string().meta({ description: "The chain's wire name", example: "sepolia" }),
    address: evmAddress.meta({ description: "As the path wrote it" }),
    msgHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .meta({ description: "The Safe message hash the `SignMsg` event carries" }),
    linksCompleted: z.number().int().meta({ description: "Address links that waited for this signature, completed" }),
    ordersSigned: z.number().int().meta({ description: "Orders that waited for this signature, now signed" }),
  })
  .meta({ id: "SandboxSignedMessage" });
export type SignedMessageView = z.input<typeof signedMessageResponse>;

/** Deploying at an address that holds another application's account, or that is in use already (C38). */
export const SMART_ACCOUNT_REFUSALS = {
  409: "Another smart account is deployed at this address, or the address is in use already (leave address out for a fresh one)",
};

/** `POST /sandbox/chains/{chain}/transfers`: a holder's plain transfer, made on chain and reconciled. */
export const sandboxTransferResponse = z
  .object({
    chain: chainNameResponse,
    currency: currencyResponse,
    from: evmAddressResponse,
    to: evmAddressResponse,
    amount: amountResponse,
    txHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .meta({ description: "The transfer's transaction" }),
  })
  .meta({ id: "SandboxTransfer" });
export type SandboxTransfer = z.input<typeof sandboxTransferResponse>;
