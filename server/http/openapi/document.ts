import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { z } from "zod";
import type { CallerKind, RouteDescription } from "../handler.ts";
import type { ResponseNote } from "../../contract/operation.ts";
import { webhookEvents } from "./webhooks.ts";

/** One operation of the API as the route files declare it (scripts/lib/api-operations.ts collects them). */
export type DocumentedOperation = {
  pattern: string;
  method: string;
  summary: string;
  description: RouteDescription;
};

/** The spec's error body (server/http/respond.ts), the answer of every refusal. */
export const errorBodySchema = z
  .object({
    code: z.number().int().meta({ description: "The HTTP status code" }),
    status: z.string().meta({ description: "The status's reason phrase", example: "Bad Request" }),
    message: z.string(),
    errors: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "Field problems, keyed by dotted path (`counterpart.identifier.iban`)" }),
    error: z.string().optional().meta({ description: "The token endpoint only: the RFC 6749 error code" }),
    error_description: z.string().optional().meta({ description: "The token endpoint only: the message again" }),
  })
  .meta({ id: "Error" });

const SECURITY: Record<CallerKind, Record<string, string[]>[]> = {
  public: [],
  bearer: [{ oauth2: [] }],
  "sandbox-bearer": [{ oauth2: [] }],
  application: [{ clientCredentials: [] }],
  "oauth-client": [],
  operator: [{ operatorSession: [] }],
};

const TAGS: [prefix: string, tag: string][] = [
  ["/auth", "Authentication"],
  ["/profiles", "Profiles"],
  ["/addresses", "Addresses"],
  ["/balances", "Addresses"],
  ["/ibans", "IBANs"],
  ["/orders", "Orders"],
  ["/tokens", "Tokens"],
  ["/countries", "Profiles"],
  ["/files", "Files"],
  ["/signatures", "Signatures"],
  ["/webhooks", "Webhooks"],
  ["/sandbox", "Sandbox"],
  ["/admin", "Operator"],
];

const tagOf = (pattern: string) => TAGS.find(([prefix]) => pattern.startsWith(prefix))?.[1] ?? "Service";

/** `/orders/[orderId]` as OpenAPI writes it: `/orders/{orderId}`. */
export const openApiPath = (pattern: string) => pattern.replace(/\[([^\]]+)\]/g, "{$1}");

/** The refusals every operation of its kind can give, and the ones it declares itself. */
function refusals(d: RouteDescription): Record<string, string> {
  const out: Record<string, string> = {};
  out["400"] =
    d.params || d.query || d.body
      ? "The request is malformed or a field is invalid (`errors` names it)"
      : "The request is malformed (bytes this API does not store, an unparsable query)";
  // The operator API answers 404 to everyone else, signed in or not: it does not announce itself.
  if (d.caller !== "public" && d.caller !== "oauth-client" && d.caller !== "operator")
    out["401"] = "No valid access token";
  if (d.caller === "application") out["403"] = "A person's token: only the application's own token may do this";
  out["404"] = "Not found, or not the caller's to see";
  if (d.accept !== false) out["406"] = "The Accept header asks for a representation this API does not give";
  if (d.body) out["413"] = "The body is larger than this operation takes";
  for (const [status, when] of Object.entries(d.refusals ?? {})) out[status] = when;
  return out;
}

const SUCCESS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted: the rest happens in the background",
  "204": "Done; no body",
  "302": "A redirect",
  "303": "A redirect",
  "304": "Not modified since the `If-None-Match` given",
  "307": "A redirect",
};

const isNote = (value: z.ZodType | ResponseNote): value is ResponseNote => !("_zod" in value);

/** A success answer as OpenAPI describes it. */
function success(status: string, answer: z.ZodType | ResponseNote): ZodOpenApiResponseObject {
  const note: ResponseNote = isNote(answer) ? answer : { description: SUCCESS[status] ?? "OK", body: answer };
  const mediaType = note.contentType ?? "application/json";
  return {
    description: note.description,
    ...(note.body
      ? { content: { [mediaType]: { schema: note.body } } }
      : note.contentType
        ? { content: { [mediaType]: {} } }
        : {}),
    ...(note.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(note.headers).map(([name, description]) => [
              name,
              { description, schema: { type: "string" } },
            ]),
          ),
        }
      : {}),
  };
}

function operation(op: DocumentedOperation, vendor: string): ZodOpenApiOperationObject {
  const d = op.description;
  const errorContent = {
    "application/json": { schema: errorBodySchema },
    ...(d.browser ? { "text/html": { schema: { type: "string" as const } } } : {}),
  };
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, answer] of Object.entries(d.responses ?? {})) {
    if (answer) responses[status] = success(status, answer);
  }
  // An API operation that does not say what it answers cannot be documented, and its tests could not be checked.
  if (Object.keys(responses).length === 0) {
    throw new Error(`${op.method} ${op.pattern} declares no \`responses\` in its spec (server/http/handler.ts)`);
  }
  for (const [status, description] of Object.entries(refusals(d))) {
    responses[status] = { description, content: errorContent };
  }
  const accept =
    d.accept === false
      ? undefined
      : z.object({
          accept: z
            .string()
            .optional()
            .meta({
              description: `\`application/vnd.${vendor}.api-v2+json\` (also \`application/vnd.monerium.api-v2+json\`), or \`application/json\``,
              example: `application/vnd.${vendor}.api-v2+json`,
            }),
        });
  const headers = accept && d.headers ? accept.extend((d.headers as z.ZodObject).shape) : (accept ?? d.headers);
  return {
    operationId: `${op.method.toLowerCase()}${op.pattern.replace(/\[([^\]]+)\]/g, "By-$1").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: op.summary || undefined,
    tags: [tagOf(op.pattern)],
    security: SECURITY[d.caller],
    ...(d.caller === "sandbox-bearer" ? { description: "Sandbox only: production answers 404." } : {}),
    requestParams: {
      ...(d.params ? { path: d.params as z.ZodObject } : {}),
      ...(d.query ? { query: d.query as z.ZodObject } : {}),
      ...(headers ? { header: headers as z.ZodObject } : {}),
    },
    ...(d.body && op.method !== "GET"
      ? {
          requestBody: {
            required: true,
            content: {
              [d.bodyKind === "form" ? "application/x-www-form-urlencoded" : "application/json"]: { schema: d.body },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the API, from the schemas its route handlers parse requests with. */
export function openApiDocument(operations: DocumentedOperation[], options: { version: string; vendor: string }) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const item = (paths[openApiPath(op.pattern)] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[op.method.toLowerCase()] = operation(op, options.vendor);
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Tokenrail API",
        version: options.version,
        description:
          "The Fiat-Token Payments and Onboarding API: profiles, KYC, addresses, IBANs, orders, files, signatures and webhooks.",
      },
      servers: [{ url: "{base_url}" }],
      paths,
      webhooks: webhookEvents(),
      components: {
        securitySchemes: {
          oauth2: {
            type: "oauth2",
            description:
              "A person's token (authorization code with PKCE, or Sign-In with Ethereum at /auth) or the application's (client credentials).",
            flows: {
              authorizationCode: {
                authorizationUrl: "{base_url}/auth",
                tokenUrl: "{base_url}/auth/token",
                refreshUrl: "{base_url}/auth/token",
                scopes: {},
              },
              clientCredentials: { tokenUrl: "{base_url}/auth/token", scopes: {} },
            },
          },
          clientCredentials: {
            type: "oauth2",
            description: "The application's own token (its client-credentials client); a person's token gets 403.",
            flows: { clientCredentials: { tokenUrl: "{base_url}/auth/token", scopes: {} } },
          },
          operatorSession: {
            type: "apiKey",
            in: "cookie",
            name: "authjs.session-token",
            description: "An operator signed in to the web app (the console's own API).",
          },
        },
      },
    },
    { allowEmptySchema: { custom: true } },
  );
}
