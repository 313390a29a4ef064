import { z } from "zod";
import { evmAddressSchema } from "../addresses/address.schemas.ts";
import { MAX_IBAN, MAX_ID, tooLong } from "../limits.ts";

/** Requests of the IBAN endpoints (SPEC endpoints 16–19). Unknown fields are ignored. */

const address = evmAddressSchema("Address missing");
const chain = z.string("Chain missing").min(1, "Chain missing").max(MAX_ID, tooLong(MAX_ID));

/** `POST /ibans`: the SDK also sends `emailNotifications` (true by default); `profile` may name the owner. */
export const requestIbanSchema = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  address,
  chain,
  emailNotifications: z.boolean("must be true or false").default(true),
});
export type RequestIbanRequest = z.infer<typeof requestIbanSchema>;

/** `PATCH /ibans/{iban}`: the new target of incoming payments. */
export const moveIbanSchema = z.object({ address, chain });
export type MoveIbanRequest = z.infer<typeof moveIbanSchema>;

export const listIbansQuery = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  chain: chain.optional(),
});

export const ibanParams = z.object({ iban: z.string().max(MAX_IBAN, tooLong(MAX_IBAN)) });
