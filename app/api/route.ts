// GET / — welcome: what this API is and where its docs are
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { welcome } from "@/server/instance/welcome.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic({}, () => Promise.resolve(welcome(getConfig()))),
});
