import type { StoredFile } from "../generated/prisma/client.ts";
import type { FileView } from "./file.responses.ts";

export type { FileView };

/** The spec's File object. */
export function fileView(row: StoredFile): FileView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    size: row.size,
    hash: row.hash,
    meta: {
      uploadedBy: row.uploadedById,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}
