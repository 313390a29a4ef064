import path from "node:path";
import { z } from "zod";
import { defineSettings, urlSetting } from "../settings/define-settings.ts";

/** CONTRACT §4.21: uploads of up to 5 MB. */
export const DEFAULT_FILE_SIZE_LIMIT = 5 * 1024 * 1024;

/** Where uploaded files live: a directory (content-addressed) or an S3-compatible bucket (path-style requests). */
export type FileStorageConfig =
  | { kind: "local"; dir: string }
  | { kind: "s3"; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

const S3_REQUIRED = [
  "TOKENRAIL_S3_ENDPOINT",
  "TOKENRAIL_S3_BUCKET",
  "TOKENRAIL_S3_ACCESS_KEY_ID",
  "TOKENRAIL_S3_SECRET_ACCESS_KEY",
] as const;

/** Uploads: how large, and where they are kept. */
export const fileSettings = defineSettings({
  variables: {
    TOKENRAIL_FILE_SIZE_LIMIT: z.coerce
      .number()
      .int()
      .min(1024, "must be at least 1024 bytes")
      .max(1024 * 1024 * 1024, "must be at most 1 GiB")
      .default(DEFAULT_FILE_SIZE_LIMIT),
    TOKENRAIL_FILE_STORAGE: z.enum(["local", "s3"]).default("local"),
    TOKENRAIL_S3_ENDPOINT: urlSetting.optional(),
    TOKENRAIL_S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "3–63 lower-case letters, digits, dots and hyphens")
      .optional(),
    TOKENRAIL_S3_REGION: z.string().min(1).default("us-east-1"),
    TOKENRAIL_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    TOKENRAIL_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  },
  read(e, { dataDir }, problems) {
    const s3 = e.TOKENRAIL_FILE_STORAGE === "s3";
    if (s3) {
      for (const name of S3_REQUIRED)
        if (!e[name]) problems.push(`${name}: required when TOKENRAIL_FILE_STORAGE is s3`);
    }
    const storage: FileStorageConfig = s3
      ? {
          kind: "s3",
          endpoint: e.TOKENRAIL_S3_ENDPOINT ?? "",
          bucket: e.TOKENRAIL_S3_BUCKET ?? "",
          region: e.TOKENRAIL_S3_REGION,
          accessKeyId: e.TOKENRAIL_S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: e.TOKENRAIL_S3_SECRET_ACCESS_KEY ?? "",
        }
      : { kind: "local", dir: path.join(dataDir, "files") };
    return {
      files: {
        /** Largest accepted upload in bytes; bigger bodies are refused (413) while they arrive. */
        sizeLimit: e.TOKENRAIL_FILE_SIZE_LIMIT,
        storage,
        /** Uploads are spooled here while they arrive and are checked. */
        spoolDir: path.join(dataDir, "tmp", "uploads"),
      },
    };
  },
});
