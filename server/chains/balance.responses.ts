import { z } from "zod";
import { amountResponse, chainNameResponse, currencyResponse, evmAddressResponse } from "./chain.responses.ts";

/** `GET /balances/{chain}/{address}` (SPEC "Balance response", CONTRACT §4.13): one amount per currency asked for. */
export const balancesResponse = z
  .object({
    id: z.string().meta({ description: "`<chain>:<address>`, the address in lower case" }),
    address: evmAddressResponse,
    chain: chainNameResponse,
    balances: z.array(z.object({ currency: currencyResponse, amount: amountResponse })),
  })
  .meta({ id: "Balances" });
export type Balances = z.input<typeof balancesResponse>;
