// POST /auth/token (form) and GET /auth/token (query) — issue an access token
import { withOAuthClient } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { issueToken } from "@/server/oauth/issue-token.ts";
import { tokenRequestSchema } from "@/server/oauth/token.schemas.ts";
import { TOKEN_ENDPOINT } from "@/server/oauth/token.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: withOAuthClient({ body: tokenRequestSchema, bodyKind: "form", ...TOKEN_ENDPOINT }, ({ body, basic }) =>
      issueToken({ request: body, basic }),
    ),
    GET: withOAuthClient({ query: tokenRequestSchema, ...TOKEN_ENDPOINT }, ({ query, basic }) =>
      issueToken({ request: query, basic }),
    ),
  },
  { cors: true },
);
