import { z } from "zod";
import type { ResponseNote } from "../contract/operation.ts";

/** An uploaded file's metadata (SPEC "File"). */
export const fileResponse = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.string().meta({ description: "The media type found in the content", example: "application/pdf" }),
    size: z.number().int().meta({ description: "Bytes" }),
    hash: z.string().meta({ description: "SHA-256 of the content, hex" }),
    meta: z.object({ uploadedBy: z.uuid(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() }),
  })
  .meta({ id: "File" });
export type FileView = z.input<typeof fileResponse>;

/** A file's content, as an attachment of its own media type. */
export const FILE_CONTENT: ResponseNote = {
  description: "The file's content as an attachment, in its own media type",
  contentType: "*/*",
  headers: { "content-disposition": "`attachment` with the file's name" },
};
