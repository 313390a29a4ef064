import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for header-authenticated requests, as S3 and S3-compatible stores expect it. Written out
 * with node:crypto so the S3 storage needs no SDK; checked against AWS's published examples.
 */

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export type SigV4Request = {
  method: string;
  host: string;
  /** The path as plain text (`/bucket/files/ab/…`); it is percent-encoded here, once, as S3 wants it. */
  path: string;
  query?: Record<string, string>;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (`UNSIGNED-PAYLOAD` is allowed by S3 but not used here). */
  payloadHash: string;
};

export const EMPTY_PAYLOAD_HASH = createHash("sha256").update("").digest("hex");

/** RFC 3986 percent-encoding of everything but unreserved characters (and `/` in paths). */
export function uriEncode(text: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text, "utf8").digest();

export type SignedRequest = {
  /** The encoded path and query to send. */
  pathAndQuery: string;
  headers: Record<string, string>;
  /** For tests and diagnostics. */
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export function signV4(request: SigV4Request, credentials: SigV4Credentials, now: Date): SignedRequest {
  const timestamp = amzDate(now);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: request.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": timestamp,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const path = uriEncode(request.path, true);
  const query = Object.entries(request.query ?? {})
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = [day, credentials.region, credentials.service, "aws4_request"].reduce<Buffer | string>(
    (k, part) => hmac(k, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  headers.authorization =
    `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},` +
    `SignedHeaders=${signedHeaders},Signature=${signature}`;
  return { pathAndQuery: query ? `${path}?${query}` : path, headers, canonicalRequest, stringToSign, signature };
}
