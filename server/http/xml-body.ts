import { AppError } from "../errors.ts";
import type { StreamedBody } from "../bank/operator/spool-body.ts";

const XML_TYPES = new Set(["application/xml", "text/xml"]);

/**
 * A request whose body is one XML file as it is (a bank file uploaded to the admin API): its declared length and
 * byte stream, for the use case to spool with its own limit. Any other Content-Type is refused before a byte is read.
 */
export function xmlBody(req: Request): StreamedBody {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!XML_TYPES.has(type)) {
    throw new AppError("UNSUPPORTED_CONTENT_TYPE", "Content-Type must be application/xml: send the bank file itself");
  }
  const length = req.headers.get("content-length");
  const declaredLength = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  return { declaredLength, body: req.body };
}
