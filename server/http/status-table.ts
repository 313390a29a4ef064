import type { ErrorCode } from "../errors.ts";

/** The only place an error code becomes an HTTP status (and, at the token endpoint, an RFC 6749 error). */
export const STATUS: Record<ErrorCode, { status: number; reason: string; oauth?: string }> = {
  BAD_REQUEST: { status: 400, reason: "Bad Request", oauth: "invalid_request" },
  VALIDATION: { status: 400, reason: "Bad Request", oauth: "invalid_request" },
  MALFORMED_BODY: { status: 400, reason: "Bad Request", oauth: "invalid_request" },
  UNSUPPORTED_CONTENT_TYPE: { status: 400, reason: "Bad Request", oauth: "invalid_request" },
  UNAUTHENTICATED: { status: 401, reason: "Unauthorized" },
  FORBIDDEN: { status: 403, reason: "Forbidden" },
  NOT_FOUND: { status: 404, reason: "Not Found" },
  METHOD_NOT_ALLOWED: { status: 405, reason: "Method Not Allowed" },
  NOT_ACCEPTABLE: { status: 406, reason: "Not Acceptable" },
  CONFLICT: { status: 409, reason: "Conflict" },
  PAYLOAD_TOO_LARGE: { status: 413, reason: "Payload Too Large" },
  TOO_MANY_REQUESTS: { status: 429, reason: "Too Many Requests" },
  HEADERS_TOO_LARGE: { status: 431, reason: "Request Header Fields Too Large" },
  INTERNAL: { status: 500, reason: "Internal Server Error", oauth: "server_error" },
  UNAVAILABLE: { status: 503, reason: "Service Unavailable", oauth: "temporarily_unavailable" },
  INVALID_CLIENT: { status: 400, reason: "Bad Request", oauth: "invalid_client" },
  INVALID_GRANT: { status: 400, reason: "Bad Request", oauth: "invalid_grant" },
  UNAUTHORIZED_CLIENT: { status: 400, reason: "Bad Request", oauth: "unauthorized_client" },
  UNSUPPORTED_GRANT_TYPE: { status: 400, reason: "Bad Request", oauth: "unsupported_grant_type" },
};
