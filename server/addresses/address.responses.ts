import { z } from "zod";
import { chainNameResponse, evmAddressResponse } from "../chains/chain.responses.ts";
import { acceptedResponse } from "../contract/accepted.responses.ts";
import type { Responses } from "../contract/operation.ts";

/** An address linked to a profile, with the chains it is linked on (SPEC "Address object"). */
export const addressResponse = z
  .object({
    profile: z.uuid(),
    address: evmAddressResponse,
    chains: z.array(chainNameResponse).meta({ description: "Sorted by name" }),
  })
  .meta({ id: "Address" });
export type AddressView = z.input<typeof addressResponse>;

export const addressListResponse = z.object({ addresses: z.array(addressResponse) });
export type AddressList = z.input<typeof addressListResponse>;

/** A link just made, or the earlier one of the same address on the same chain (CONTRACT §4.12). */
export const linkedAddressResponse = z
  .object({
    profile: z.uuid(),
    address: evmAddressResponse,
    state: z.literal("linked"),
    meta: z.object({
      linkedBy: z.uuid().nullable().meta({ description: "The person who linked it, when one did" }),
      linkedAt: z.iso.datetime(),
    }),
  })
  .meta({ id: "LinkedAddress" });
export type LinkedAddress = z.input<typeof linkedAddressResponse>;

/** `POST /addresses`. */
export const LINK_ADDRESS_RESPONSES: Responses = {
  201: linkedAddressResponse,
  202: {
    description: "The signature is `0x`: the link completes when the smart account signs the message on chain",
    body: acceptedResponse,
  },
};
