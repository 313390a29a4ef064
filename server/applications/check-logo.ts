import { AppError } from "../errors.ts";
import { sniffType } from "../files/sniff.ts";

/** A logo is small: it is shown at a few dozen pixels on the consent screen. */
export const LOGO_SIZE_LIMIT = 256 * 1024;

export type LogoType = "image/png" | "image/jpeg" | "image/webp";
export const LOGO_TYPES: readonly LogoType[] = ["image/png", "image/jpeg", "image/webp"];

/** RIFF container (`RIFF`, 4 size bytes) holding WebP (`WEBP`). */
function isWebp(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return head.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
}

/**
 * The type of a logo judged by its content (what the browser said is never trusted): PNG, JPEG or WebP, at most
 * LOGO_SIZE_LIMIT bytes. SVG is refused on purpose: it can carry script.
 */
export function checkLogo(bytes: Uint8Array): LogoType {
  const refuse = (problem: string) => new AppError("VALIDATION", "The logo was refused", { logo: problem });
  if (bytes.byteLength === 0) throw refuse("The file is empty");
  if (bytes.byteLength > LOGO_SIZE_LIMIT) throw refuse(`Use an image of at most ${LOGO_SIZE_LIMIT / 1024} KB`);
  if (isWebp(bytes)) return "image/webp";
  const type = sniffType(bytes.subarray(0, 16));
  if (type === "image/png" || type === "image/jpeg") return type;
  throw refuse("Use a PNG, JPEG or WebP image");
}
