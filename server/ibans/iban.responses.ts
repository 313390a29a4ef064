import { z } from "zod";
import { chainNameResponse, evmAddressResponse } from "../chains/chain.responses.ts";
import { acceptedResponse } from "../contract/accepted.responses.ts";
import type { Responses } from "../contract/operation.ts";

/**
 * The IBAN object (SPEC "IBAN object", CONTRACT §4.15): the spec's fields plus `state` and `emailNotifications`,
 * which the SDK types carry. Only provisioned IBANs are shown: a requested one has no number yet.
 */
export const ibanResponse = z
  .object({
    iban: z
      .string()
      .regex(/^[A-Z]{2}[0-9]{2}(?: [A-Z0-9]{1,4})+$/)
      .meta({
        description: "In groups of four, as the reference service shows it",
        example: "IS14 0159 2600 7654 5510 7303 39",
      }),
    name: z.string().meta({ description: "The owning profile's name" }),
    bic: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/),
    profile: z.uuid(),
    address: evmAddressResponse.meta({ description: "Where incoming payments are minted" }),
    chain: chainNameResponse,
    state: z.enum(["requested", "approved", "pending", "rejected", "closed"]),
    emailNotifications: z.boolean(),
  })
  .meta({ id: "IBAN" });
export type IbanView = z.input<typeof ibanResponse>;

export const ibanListResponse = z.object({ ibans: z.array(ibanResponse) });
export type IbanList = z.input<typeof ibanListResponse>;

/** `POST /ibans`. */
export const REQUEST_IBAN_RESPONSES: Responses = {
  202: {
    description: "Requested: the IBAN is provisioned shortly, announced by `iban.updated`",
    body: acceptedResponse,
  },
  304: { description: "The profile already has an IBAN (move it instead); no body" },
};
