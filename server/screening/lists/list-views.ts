import { listVersionView, type ListVersionView } from "./lists.responses.ts";

export type { ListVersionView };

type VersionRow = {
  id: string;
  source: string;
  number: number;
  fileName: string;
  fileDigest: string;
  fileSize: number;
  origin: string;
  publishedAt: Date | null;
  publisherVersion: string | null;
  importedAt: Date;
  importedBy: { email: string } | null;
  entryCount: number;
  added: number;
  changed: number;
  removed: number;
};

export function versionView(row: VersionRow): ListVersionView {
  return listVersionView.parse({
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    importedAt: row.importedAt.toISOString(),
    importedBy: row.importedBy?.email ?? null,
  });
}
