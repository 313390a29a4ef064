import { z } from "zod";
import { MAX_ID, MAX_SIGNATURE } from "../limits.ts";

/** The onboarding screens' own requests (the KYC, wallet and IBAN steps reuse the API's schemas). */

export const requestRefSchema = z.object({ request: z.string().min(1).max(MAX_ID) });

export const chooseProfileSchema = requestRefSchema.extend({ kind: z.enum(["personal", "corporate"]) });
export type ChooseProfile = z.infer<typeof chooseProfileSchema>;

export const requestIbanStepSchema = requestRefSchema.extend({
  /** Which linked wallet the IBAN pays into, as `<chain>:<address>`. */
  target: z
    .string()
    .max(MAX_ID)
    .regex(/^[a-z0-9-]+:0x[0-9a-fA-F]{40}$/, "Choose the wallet your IBAN pays into"),
});
export type RequestIbanStep = z.infer<typeof requestIbanStepSchema>;

/** The wallet step: the connected address, the chosen chain and the link message's signature (`0x`: a Safe on chain). */
export const linkWalletStepSchema = requestRefSchema.extend({
  address: z
    .string()
    .max(42)
    .regex(/^0x[0-9a-fA-F]{40}$/, "Connect a wallet first"),
  chain: z.string().min(1, "Choose a chain").max(MAX_ID),
  signature: z
    .string()
    .max(MAX_SIGNATURE)
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, "The wallet's signature is not valid"),
});
export type LinkWalletStep = z.infer<typeof linkWalletStepSchema>;
