// GET /reserves/jwks — the public key the reserves are signed with, as a JWK set (public)
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { reservesJwks } from "@/server/reserves/reserves-key.ts";
import { reservesJwksResponse } from "@/server/reserves/reserves.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPublic({ responses: { 200: reservesJwksResponse } }, () => Promise.resolve(reservesJwks(getConfig()))),
  },
  { cors: true },
);
