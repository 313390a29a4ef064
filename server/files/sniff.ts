/**
 * What a file is, judged by its first bytes: the client's declared type is never trusted. PDF, JPEG and PNG are the
 * document kinds accepted (KYC documents and supporting documents are scans, photos or PDFs).
 */

export type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

const SIGNATURES: { type: DocumentType; magic: number[] }[] = [
  { type: "application/pdf", magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/jpeg", magic: [0xff, 0xd8, 0xff] },
  { type: "image/png", magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** Bytes needed to recognise any accepted type. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.magic.length));

export const ACCEPTED_TYPES: readonly DocumentType[] = SIGNATURES.map((s) => s.type);

/** The type the content starts like, or undefined. */
export function sniffType(head: Uint8Array): DocumentType | undefined {
  return SIGNATURES.find((s) => s.magic.length <= head.length && s.magic.every((byte, i) => head[i] === byte))?.type;
}

/** Names clients use for the same types. */
const ALIASES: Record<string, DocumentType> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "application/x-pdf": "application/pdf",
};

/** Types that say "I do not know": a bare Blob in FormData is sent as application/octet-stream. */
const UNDECLARED = new Set(["", "application/octet-stream"]);

/** Does the type a client declared agree with the detected one? Parameters and case are ignored. */
export function declaredTypeAgrees(declared: string | undefined, detected: DocumentType): boolean {
  const media = (declared ?? "").split(";")[0]!.trim().toLowerCase();
  return UNDECLARED.has(media) || (ALIASES[media] ?? media) === detected;
}
