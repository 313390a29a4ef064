// GET /reserves — proof of reserves: per currency and day, tokens on chain and money safeguarded, signed (public)
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { publishedReserves } from "@/server/reserves/reserves-report.ts";
import { reservesQuery, reservesResponse } from "@/server/reserves/reserves.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPublic({ query: reservesQuery, responses: { 200: reservesResponse } }, ({ query }) =>
      publishedReserves({ config: getConfig(), before: query.before, limit: query.limit }),
    ),
  },
  { cors: true },
);
