import { AppError } from "../errors.ts";

/**
 * CONTRACT §1: `application/vnd.<vendor>.api-v2+json` selects this API; a missing or generic Accept is fine (the
 * SDK omits it on uploads, browsers send their own). Only a request that asks exclusively for vendor API media
 * types we do not serve (another version, another vendor) gets 406.
 */
const VENDOR_TYPE = /^application\/vnd\.([a-z0-9.-]+)\.api-v(\d+)\+json$/;

export function checkAccept(header: string | null, vendors: readonly string[]): void {
  if (!header || !header.trim()) return;
  const ranges = header
    .split(",")
    .map((part) => {
      const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith("q="));
      return { type, q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((range) => range.type && !(range.q <= 0));
  const acceptable = ranges.some((range) => {
    const vendor = VENDOR_TYPE.exec(range.type);
    return vendor ? vendors.includes(vendor[1] ?? "") && vendor[2] === "2" : true;
  });
  if (!acceptable) {
    throw new AppError(
      "NOT_ACCEPTABLE",
      `This API serves version 2 only: send Accept: application/vnd.${vendors[0]}.api-v2+json (or application/json)`,
    );
  }
}
