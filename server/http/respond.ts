import { MAX_ECHO } from "../limits.ts";
import { type AppError, type FieldErrors } from "../errors.ts";
import { STATUS } from "./status-table.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** HTTP forbids a body on these; the JSON rule of the spec yields to it (a 304 reaches the client bodiless). */
const BODILESS = new Set([204, 304]);

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (BODILESS.has(status)) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...headers } });
}

export type ErrorBody = {
  code: number;
  status: string;
  message: string;
  errors?: Record<string, string>;
  error?: string;
  error_description?: string;
};

/**
 * The longest message an error body carries (C42). Messages quote the caller's input through `quote()`, which keeps at
 * most `MAX_ECHO` characters of it; this is the backstop for a message that forgot to, so that nothing sends a
 * megabyte of input back.
 */
export const MAX_ERROR_TEXT = MAX_ECHO + 100;

function clip(text: string): string {
  return text.length <= MAX_ERROR_TEXT ? text : `${text.slice(0, MAX_ERROR_TEXT)}…`;
}

function clipFields(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [clip(key), clip(message)]));
}

/** The spec's error body. `oauth` adds RFC 6749's `error`/`error_description` for the token endpoint. */
export function errorBody(error: AppError, options: { oauth?: boolean } = {}): ErrorBody {
  const entry = STATUS[error.code];
  const message = clip(error.message);
  const body: ErrorBody = { code: entry.status, status: entry.reason, message };
  if (error.fields && Object.keys(error.fields).length > 0) body.errors = clipFields(error.fields);
  if (options.oauth && entry.oauth) {
    body.error = entry.oauth;
    body.error_description = message;
  }
  return body;
}

export function errorResponse(error: AppError, options: { oauth?: boolean; headers?: Record<string, string> } = {}) {
  return jsonResponse(STATUS[error.code].status, errorBody(error, options), { ...error.headers, ...options.headers });
}
