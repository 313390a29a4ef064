import type { StoredFile } from "../generated/prisma/client.ts";

/** The spec's File object. */
export type FileView = {
  id: string;
  name: string;
  type: string;
  size: number;
  hash: string;
  meta: { uploadedBy: string; createdAt: string; updatedAt: string };
};

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
