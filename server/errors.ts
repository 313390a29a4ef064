/**
 * The one error type of the domain. Code names say what went wrong; only `status-table.ts` knows HTTP statuses.
 */
export type ErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "MALFORMED_BODY"
  | "UNSUPPORTED_CONTENT_TYPE"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "NOT_ACCEPTABLE"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "HEADERS_TOO_LARGE"
  | "INTERNAL"
  /** Could not be done now, through no fault of the request: nothing was written, the same request may be sent again. */
  | "UNAVAILABLE"
  // RFC 6749 §5.2 token-endpoint errors (all 400 per the spec, which also puts client failures under 400).
  | "INVALID_CLIENT"
  | "INVALID_GRANT"
  | "UNAUTHORIZED_CLIENT"
  | "UNSUPPORTED_GRANT_TYPE";

/** Field problems keyed by dotted path, e.g. `{"personal.birthday": "Invalid date"}`. */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra response headers, e.g. `Allow` or `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
