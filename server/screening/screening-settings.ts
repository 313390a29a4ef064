import { z } from "zod";
import { defineSettings, urlSetting } from "../settings/define-settings.ts";
import { LIST_SOURCES, type ListSource } from "./list-entry.ts";
import { DEFAULT_THRESHOLD } from "./match/screening-index.ts";

export type ScreeningConfig = {
  /** A list whose issue is older than this is stale: a warning in the console and `tokenrail_sanctions_list_stale`. */
  listMaxAgeHours: number;
  /** Largest list file accepted (the OFAC SDN XML is about 30 MB today). */
  maxListFileBytes: number;
  /** A folder list files are dropped into (any of the four lists; each is recognised by its content). */
  inbox: string | undefined;
  /** Where each list is downloaded from, when set (the publisher's URL, or a mirror). */
  urls: Partial<Record<ListSource, string>>;
  /** How often the inbox and the URLs are looked at. */
  pollIntervalSeconds: number;
  /** A name scoring at least this against a list entry is a potential hit (docs/compliance.md, "Matching"). */
  threshold: number;
};

export const screeningSettings = defineSettings({
  variables: {
    TOKENRAIL_SCREENING_LIST_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(8_760).default(48),
    TOKENRAIL_SCREENING_LIST_SIZE_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(200 * 1024 * 1024),
    TOKENRAIL_SCREENING_INBOX: z.string().min(1).max(1024).optional(),
    TOKENRAIL_SCREENING_URL_EU: urlSetting.optional(),
    TOKENRAIL_SCREENING_URL_UN: urlSetting.optional(),
    TOKENRAIL_SCREENING_URL_OFAC: urlSetting.optional(),
    TOKENRAIL_SCREENING_URL_UK: urlSetting.optional(),
    TOKENRAIL_SCREENING_POLL_INTERVAL: z.coerce.number().int().min(10).max(86_400).default(3_600),
    TOKENRAIL_SCREENING_THRESHOLD: z.coerce.number().min(0.5).max(1).default(DEFAULT_THRESHOLD),
  },
  read: (e): { screening: ScreeningConfig } => {
    const given: Record<ListSource, string | undefined> = {
      eu: e.TOKENRAIL_SCREENING_URL_EU,
      un: e.TOKENRAIL_SCREENING_URL_UN,
      ofac: e.TOKENRAIL_SCREENING_URL_OFAC,
      uk: e.TOKENRAIL_SCREENING_URL_UK,
    };
    const urls: Partial<Record<ListSource, string>> = {};
    for (const source of LIST_SOURCES) if (given[source]) urls[source] = given[source];
    return {
      screening: {
        listMaxAgeHours: e.TOKENRAIL_SCREENING_LIST_MAX_AGE_HOURS,
        maxListFileBytes: e.TOKENRAIL_SCREENING_LIST_SIZE_LIMIT,
        inbox: e.TOKENRAIL_SCREENING_INBOX,
        urls,
        pollIntervalSeconds: e.TOKENRAIL_SCREENING_POLL_INTERVAL,
        threshold: e.TOKENRAIL_SCREENING_THRESHOLD,
      },
    };
  },
});
