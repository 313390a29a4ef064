import { z } from "zod";

/** Requests of the IBAN endpoints (SPEC endpoints 16–19). Unknown fields are ignored. */

const address = z
  .string("Address missing")
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x followed by 40 hexadecimal characters");
const chain = z.string("Chain missing").min(1, "Chain missing");

/** `POST /ibans`: the SDK also sends `emailNotifications` (true by default); `profile` may name the owner. */
export const requestIbanSchema = z.object({
  profile: z.string().optional(),
  address,
  chain,
  emailNotifications: z.boolean("must be true or false").default(true),
});
export type RequestIbanRequest = z.infer<typeof requestIbanSchema>;

/** `PATCH /ibans/{iban}`: the new target of incoming payments. */
export const moveIbanSchema = z.object({ address, chain });
export type MoveIbanRequest = z.infer<typeof moveIbanSchema>;

export const listIbansQuery = z.object({
  profile: z.string().optional(),
  chain: z.string().min(1, "Chain missing").optional(),
});

export const ibanParams = z.object({ iban: z.string() });
