/**
 * File downloads: an attachment, never sniffed by the browser, never cached by a shared cache. The name travels as
 * an ASCII fallback and, per RFC 6266 / RFC 8187, in UTF-8 as `filename*`. The operator's console may ask to see a
 * picture or a PDF in place; it is then shown in a sandbox (no scripts, an opaque origin), and anything else is still
 * an attachment.
 */

/** What a browser may show in place: pictures and PDFs, nothing that runs code. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "application/pdf"]);

// Printable ASCII except the quote and backslash of the quoted string and the path separators browsers distrust.
const ASCII_SAFE = /^[\x20-\x7e]$/;
const FALLBACK_REPLACED = new Set(['"', "\\", "/", "%"]);

export function contentDisposition(name: string, disposition: "attachment" | "inline" = "attachment"): string {
  const fallback = [...name].map((c) => (ASCII_SAFE.test(c) && !FALLBACK_REPLACED.has(c) ? c : "_")).join("");
  // RFC 8187 attr-char: ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function downloadResponse(
  file: { name: string; type: string; size: number; content: ReadableStream<Uint8Array> },
  options: { inline?: boolean } = {},
): Response {
  const inline = options.inline === true && INLINE_TYPES.has(file.type);
  return new Response(file.content, {
    status: 200,
    headers: {
      "content-type": file.type,
      // Next.js (16) drops Content-Length from route-handler responses and sends the body chunked; it is set for
      // any other host of this handler.
      "content-length": String(file.size),
      "content-disposition": contentDisposition(file.name, inline ? "inline" : "attachment"),
      "x-content-type-options": "nosniff",
      // Shown in place: sandboxed, and framed by this site's own pages only (the console embeds PDFs).
      ...(inline
        ? { "content-security-policy": "sandbox; frame-ancestors 'self'", "x-frame-options": "SAMEORIGIN" }
        : { "content-security-policy": "frame-ancestors 'none'", "x-frame-options": "DENY" }),
      "referrer-policy": "strict-origin-when-cross-origin",
      "cache-control": "private, no-store",
    },
  });
}

/** Bytes made for this download (an export archive), saved by the browser under `name`. */
export function attachmentResponse(name: string, type: string, content: Buffer): Response {
  return new Response(new Uint8Array(content), {
    status: 200,
    headers: {
      "content-type": type,
      "content-length": String(content.length),
      "content-disposition": contentDisposition(name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
