import { z } from "zod";
import type { ResponseNote } from "../contract/operation.ts";

/** `GET /`: what this API is and where its docs are. */
export const welcomeResponse = z
  .object({
    hello: z.string(),
    environment: z.enum(["sandbox", "production"]),
    version: z.string(),
    docs: z.url().meta({ description: "The reference and guides" }),
    baseUrl: z.url(),
  })
  .meta({ id: "Welcome" });
export type Welcome = z.input<typeof welcomeResponse>;

/** The OpenAPI document itself. */
export const openApiResponse = z
  .object({ openapi: z.string() })
  .loose()
  .meta({ description: "An OpenAPI 3.1 document" });

/** The same document in YAML. */
export const YAML_DOCUMENT: ResponseNote = {
  description: "The OpenAPI 3.1 document in YAML",
  contentType: "application/yaml",
};
