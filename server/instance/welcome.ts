import type { Config } from "../config.ts";
import type { Welcome } from "./service.responses.ts";

/** `GET /`: what this API is and where its documentation lives. */
export function welcome(config: Config): Welcome {
  return {
    hello: "Welcome to the Tokenrail API",
    environment: config.environment,
    version: "2.0.0",
    docs: `${config.appUrl}/docs`,
    baseUrl: config.baseUrl,
  };
}
