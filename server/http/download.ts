/**
 * File downloads: always an attachment, never rendered or sniffed by the browser, never cached by a shared cache.
 * The name travels as an ASCII fallback and, per RFC 6266 / RFC 8187, in UTF-8 as `filename*`.
 */

// Printable ASCII except the quote and backslash of the quoted string and the path separators browsers distrust.
const ASCII_SAFE = /^[\x20-\x7e]$/;
const FALLBACK_REPLACED = new Set(['"', "\\", "/", "%"]);

export function contentDisposition(name: string): string {
  const fallback = [...name].map((c) => (ASCII_SAFE.test(c) && !FALLBACK_REPLACED.has(c) ? c : "_")).join("");
  // RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function downloadResponse(file: {
  name: string;
  type: string;
  size: number;
  content: ReadableStream<Uint8Array>;
}): Response {
  return new Response(file.content, {
    status: 200,
    headers: {
      "content-type": file.type,
      // Next.js (16) drops Content-Length from route-handler responses and sends the body chunked; it is set for
      // any other host of this handler.
      "content-length": String(file.size),
      "content-disposition": contentDisposition(file.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
