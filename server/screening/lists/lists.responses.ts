import { z } from "zod";
import type { Responses } from "../../contract/operation.ts";
import { OPERATOR_WRITE } from "../../users/operator.responses.ts";
import { LIST_SOURCES, SCREENED_SOURCES } from "../list-entry.ts";
import { LIST_ORIGINS } from "./list-names.ts";
import { CHANGE_KINDS } from "./lists.schemas.ts";

const when = z.iso.datetime();

export const listVersionView = z
  .object({
    id: z.uuid(),
    source: z.enum(SCREENED_SOURCES),
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

export const listStatusResponse = z
  .object({
    source: z.enum(LIST_SOURCES),
    name: z.string(),
    versionNumber: z.number().int().nonnegative().meta({ description: "0 before the first import" }),
    publishedAt: when.nullable(),
    importedAt: when.nullable(),
    entryCount: z.number().int().nonnegative(),
    ageSeconds: z.number().int().nonnegative().nullable(),
    stale: z.boolean().meta({ description: "Older than the setting, or never imported" }),
  })
  .meta({ id: "SanctionsListStatus" });

export const listStatusesResponse = z
  .object({ lists: z.array(listStatusResponse), maxAgeHours: z.number().int().positive() })
  .meta({ id: "SanctionsLists" });

export const listImportResponse = z
  .object({ version: listVersionView, duplicate: z.boolean() })
  .meta({ id: "SanctionsListImport" });

const listEntry = z
  .record(z.string(), z.unknown())
  .meta({ description: "The entry as the list has it: names and aliases, dates, countries, identifiers, wallets" });

export const rescreenView = z
  .object({
    state: z.enum(["pending", "running", "done"]),
    phase: z.enum(["profiles", "addresses", "done"]),
    profilesScreened: z.number().int().nonnegative(),
    addressesScreened: z.number().int().nonnegative(),
    casesOpened: z.number().int().nonnegative(),
    startedAt: when.nullable(),
    finishedAt: when.nullable(),
  })
  .meta({
    id: "SanctionsRescreen",
    description: "Every customer and linked address screened again against what the version added and changed",
  });
export type RescreenView = z.infer<typeof rescreenView>;

export const versionChangesResponse = z
  .object({
    version: listVersionView,
    rescreen: rescreenView.nullable(),
    changes: z.array(
      z.object({
        ref: z.string(),
        change: z.enum(CHANGE_KINDS),
        after: listEntry.nullable(),
        before: listEntry.nullable(),
      }),
    ),
    page: z.number().int().positive(),
    pages: z.number().int().positive(),
  })
  .meta({ id: "SanctionsListVersionChanges" });

export const LIST_STATUSES_RESPONSES: Responses = {
  200: { description: "Every list with its current version and age", body: listStatusesResponse },
};
export const UPLOAD_LIST_RESPONSES: Responses = {
  201: { description: "Imported as the list's new version", body: listImportResponse },
  200: { description: "The same file was imported before: nothing changed", body: listImportResponse },
};
export const UPLOAD_LIST_REFUSALS = {
  ...OPERATOR_WRITE,
  409: "The file is an older issue than the list's current version",
  413: "The file is larger than the list file limit",
};
export const PUBLISH_TEST_LIST_RESPONSES: Responses = {
  201: { description: "The sandbox test list's next version, whose re-screening has begun", body: listImportResponse },
  200: { description: "Another operator published this version at the same moment", body: listImportResponse },
};
export const PUBLISH_TEST_LIST_REFUSALS = {
  ...OPERATOR_WRITE,
  404: "Not a sandbox instance: the test list does not exist here",
};
export const LIST_VERSIONS_RESPONSES: Responses = {
  200: {
    description: "The list's latest versions, newest first",
    body: z.object({ versions: z.array(listVersionView) }).meta({ id: "SanctionsListVersions" }),
  },
};
export const VERSION_CHANGES_RESPONSES: Responses = {
  200: {
    description: "The version and a page of the entries it added, changed or removed",
    body: versionChangesResponse,
  },
};
