// GET /addresses/{address} — one linked address with its chains
import { z } from "zod";
import { getAddress } from "@/server/addresses/list-addresses.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";

const params = z.object({ address: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params }, ({ caller, params }) => getAddress({ caller, address: params.address })),
});
