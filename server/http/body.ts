import type { MultipartRequest } from "../files/multipart-request.ts";
import { isUnstorable } from "../unstorable.ts";
import { AppError } from "../errors.ts";

/** Default limit for JSON and form bodies; uploads have their own, larger limit. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function mediaType(req: Request): string {
  return (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Reads the body as text, refusing (413) as soon as it grows past `limit`, without buffering the rest. */
export async function readText(req: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${limit} bytes`);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const JSON_MEDIA = /^application\/([a-z0-9.+-]+\+)?json$/;

/** Parses a JSON body. Missing or wrong Content-Type and malformed JSON are 400s with a plain explanation. */
export async function readJson(req: Request, limit?: number): Promise<unknown> {
  const type = mediaType(req);
  const text = await readText(req, limit);
  if (!JSON_MEDIA.test(type)) {
    // SDKs send `Content-Type: application/json` even on bodiless requests; a bodiless request needs no type.
    if (text === "" && type === "") return undefined;
    throw new AppError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be application/json");
  }
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw new AppError("MALFORMED_BODY", "Request body is not valid JSON");
  }
  // Only a `\u` escape can put a NUL or a lone surrogate into parsed JSON (raw ones are invalid JSON or decoded
  // as U+FFFD), so most bodies skip the walk.
  if (text.includes("\\u")) refuseUnstorable(value, []);
  return value;
}

/** C40: strings PostgreSQL cannot store are refused here, for every route, with the field that carries one. */
function refuseUnstorable(value: unknown, path: string[]): void {
  if (typeof value === "string") {
    if (isUnstorable(value)) throw unstorable(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => refuseUnstorable(item, [...path, String(i)]));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorable(key)) throw unstorable(path);
      refuseUnstorable(item, [...path, key]);
    }
  }
}

function unstorable(path: string[]): AppError {
  return new AppError("VALIDATION", "Validation errors", {
    [path.join(".") || "body"]: "must not contain NUL characters or unpaired surrogates",
  });
}

/** Parses an `application/x-www-form-urlencoded` body into a plain object (last value wins). */
export async function readForm(req: Request, limit?: number): Promise<Record<string, string>> {
  const type = mediaType(req);
  const text = await readText(req, limit);
  if (type !== "application/x-www-form-urlencoded") {
    if (text === "") return {};
    throw new AppError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be application/x-www-form-urlencoded");
  }
  const form = Object.fromEntries(new URLSearchParams(text));
  refuseUnstorable(form, []);
  return form;
}

/** Query parameters as an object; repeated keys become arrays (e.g. `?currency=eur&currency=gbp`). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

export function multipartRequest(req: Request): MultipartRequest {
  if (mediaType(req) !== "multipart/form-data") {
    throw new AppError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be multipart/form-data with a part named file");
  }
  const length = req.headers.get("content-length");
  const declaredLength = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  return { contentType: req.headers.get("content-type") ?? "", declaredLength, body: req.body };
}
