import { AppError } from "../errors.ts";
import type { StreamedBody } from "../bank/operator/spool-body.ts";

const XML_TYPES = new Set(["application/xml", "text/xml"]);
/** The sanctions lists' own media types: XML (every list) and CSV (the OFAC and UK CSV editions). */
const LIST_TYPES = new Set([...XML_TYPES, "text/csv"]);

/** A body that is one file as it is, when its Content-Type is one of `types`; refused before a byte is read. */
function fileBody(req: Request, types: ReadonlySet<string>, refusal: string): StreamedBody {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!types.has(type)) throw new AppError("UNSUPPORTED_CONTENT_TYPE", refusal);
  const length = req.headers.get("content-length");
  const declaredLength = length !== null && /^\d+$/.test(length) ? Number(length) : undefined;
  return { declaredLength, body: req.body };
}

/**
 * A request whose body is one XML file as it is (a bank file uploaded to the admin API): its declared length and
 * byte stream, for the use case to spool with its own limit. Any other Content-Type is refused before a byte is read.
 */
export function xmlBody(req: Request): StreamedBody {
  return fileBody(req, XML_TYPES, "Content-Type must be application/xml: send the bank file itself");
}

/** A sanctions list file as published (XML or CSV), uploaded to the admin API. */
export function listBody(req: Request): StreamedBody {
  return fileBody(req, LIST_TYPES, "Content-Type must be application/xml or text/csv: send the list file itself");
}
