// GET /auth/context — who the caller is and which profiles it may access
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { getAuthContext } from "@/server/oauth/get-auth-context.ts";
import { authContextSchema } from "@/server/oauth/context.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withBearer({ responses: { 200: authContextSchema } }, ({ caller }) => getAuthContext(caller)),
  },
  { cors: true },
);
