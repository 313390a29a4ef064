// POST /auth/token (form) and GET /auth/token (query) — issue an access token
import { withOAuthClient } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { issueToken } from "@/server/oauth/issue-token.ts";
import { tokenRequestSchema } from "@/server/oauth/token.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    POST: withOAuthClient({ body: tokenRequestSchema, bodyKind: "form", accept: false }, ({ body, basic }) =>
      issueToken({ request: body, basic }),
    ),
    GET: withOAuthClient({ query: tokenRequestSchema, accept: false }, ({ query, basic }) =>
      issueToken({ request: query, basic }),
    ),
  },
  { cors: true },
);
