// GET /tokens — every token of this environment (public: the SDK calls it without a token)
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listTokens } from "@/server/tokens/list-tokens.ts";
import { tokenListResponse } from "@/server/tokens/token.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPublic({ responses: { 200: tokenListResponse } }, () =>
      Promise.resolve(listTokens(getConfig().environment)),
    ),
  },
  { cors: true },
);
