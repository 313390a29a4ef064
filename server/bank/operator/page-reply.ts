import { Reply } from "../../contract/reply.ts";

/**
 * A page of a listing as the admin API answers it: the body, and when more follow the next page's cursor in
 * `X-Next-Cursor` and a `Link: <…>; rel="next"` header (as `GET /admin/audit` does it).
 */
export function pageReply(url: URL, body: object, nextCursor: string | undefined): Reply {
  const headers: Record<string, string> = {};
  if (nextCursor !== undefined) {
    const next = new URL(url);
    next.searchParams.set("cursor", nextCursor);
    headers["x-next-cursor"] = nextCursor;
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return new Reply(200, body, headers);
}
