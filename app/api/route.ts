// GET / — welcome: what this API is and where its docs are
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { welcome } from "@/server/instance/welcome.ts";
import { welcomeResponse } from "@/server/instance/service.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic({ responses: { 200: welcomeResponse } }, () => Promise.resolve(welcome(getConfig()))),
});
