/**
 * How large headers may be: the request's own, and those of each part of a multipart body. Past either limit the
 * request is refused with 431 and the error body, never read on with headers cut short (a parser that keeps only the
 * first bytes of a block would take a part's name and type from what was left of it).
 */

/** The request line and headers: Node's HTTP parser refuses more (its default `--max-http-header-size`). */
export const MAX_REQUEST_HEADER_BYTES = 16 * 1024;

/**
 * One part's header block in a `multipart/form-data` body (Content-Disposition, Content-Type and any others), from
 * its boundary line to the blank line that ends it. A browser's or an SDK's takes a few hundred bytes.
 */
export const MAX_PART_HEADER_BYTES = 8 * 1024;
