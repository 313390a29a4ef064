import { listVersionView, type ListVersionView } from "./lists.responses.ts";
import { openEmail } from "../../users/user-email.ts";

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
  importedBy: { email: unknown } | null;
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
    importedBy: row.importedBy ? openEmail(row.importedBy.email) : null,
  });
}
