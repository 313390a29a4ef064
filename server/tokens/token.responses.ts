import { z } from "zod";

/** One token: a currency on one chain (SPEC endpoint 1). */
export const tokenResponse = z
  .object({
    currency: z.string().meta({ example: "eur" }),
    ticker: z.string().meta({ example: "EUR" }),
    symbol: z.string().meta({ example: "EURe" }),
    chain: z.string().meta({ example: "gnosis" }),
    address: z.string().meta({ description: "The token contract" }),
    /** A number, as the live service sends it (CONTRACT §4.19), though its OpenAPI declares a string. */
    decimals: z.number().int(),
  })
  .meta({ id: "Token" });
export type Token = z.input<typeof tokenResponse>;
export const tokenListResponse = z.array(tokenResponse);
