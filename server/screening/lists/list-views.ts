import { z } from "zod";
import { LIST_ORIGINS } from "./list-names.ts";
import { LIST_SOURCES } from "../list-entry.ts";

export const listVersionView = z
  .object({
    id: z.uuid(),
    source: z.enum(LIST_SOURCES),
    number: z.number().int().positive(),
    fileName: z.string(),
    fileDigest: z.string().describe("SHA-256 of the file's bytes, hex"),
    fileSize: z.number().int().nonnegative(),
    origin: z.enum(LIST_ORIGINS),
    publishedAt: z.string().nullable().describe("The publisher's date of this issue, when the file says"),
    publisherVersion: z.string().nullable(),
    importedAt: z.string(),
    importedBy: z.string().nullable().describe("The operator who uploaded it; null for the list job"),
    entryCount: z.number().int().nonnegative(),
    added: z.number().int().nonnegative(),
    changed: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
  })
  .meta({ id: "SanctionsListVersion" });
export type ListVersionView = z.infer<typeof listVersionView>;

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
