import type { z } from "zod";

/**
 * What an operation of the API is: the schemas its request is read with and the answers it documents. The domain
 * describes its operations with these (`*.responses.ts`, `*.schemas.ts`); `server/http` reads them to parse
 * requests, and the OpenAPI document is built from them.
 */
type Schema = z.ZodType;

export type Spec = {
  params?: Schema;
  query?: Schema;
  /** JSON body (default for POST/PUT/PATCH when a schema is given), or a form body. */
  body?: Schema;
  bodyKind?: "json" | "form";
  bodyLimit?: number;
  /** Request headers the operation reads besides Accept and Authorization (lower-case names): parsed and documented. */
  headers?: Schema;
  /** Check the Accept header (CONTRACT §1). Off for browser-facing endpoints such as /auth. */
  accept?: boolean;
  /** Render errors with RFC 6749 fields and forbid caching (the token endpoint). */
  oauth?: boolean;
  /** A page a browser is sent to (`/auth`): its refusals are an HTML page unless the Accept header asks for JSON. */
  browser?: boolean;
  /**
   * What the operation answers when it does what it was asked, by status: the JSON body's schema, or a description
   * of an answer that is not JSON (a redirect, a file, nothing). The OpenAPI document is built from these, and the
   * API tests check every response against that document, so an answer not listed here fails them.
   */
  responses?: Responses;
  /**
   * Refusals beyond those every operation of its kind documents (400; 401 and 403 by caller; 404; 406; 413 with a
   * body): status → when. They answer with the error body.
   */
  refusals?: Record<number, string>;
};

/** An answer that is not a JSON body described by its schema alone. */
export type ResponseNote = {
  description: string;
  /** The body's schema; JSON unless `contentType` says otherwise. */
  body?: Schema;
  /** The media type of a body that is not JSON (`application/octet-stream`, `application/yaml`); `*\/*` for any. */
  contentType?: string;
  /** Response headers the caller relies on (`location` of a redirect). */
  headers?: Record<string, string>;
};
export type Responses = Partial<Record<number, Schema | ResponseNote>>;
