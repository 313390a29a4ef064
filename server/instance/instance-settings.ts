import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { defineSettings, urlSetting } from "../settings/define-settings.ts";

const DEFAULT_VENDOR = "tokenrail";
/** The real service's media-type vendor, accepted too so its published SDK works unmodified. */
export const COMPATIBLE_VENDORS = ["monerium"] as const;
/** The documented example value (.env.example) must never run in production. */
const PLACEHOLDER_SECRET = /change-?me/i;
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Where the embedded default keeps the secret it generated on first start. */
export function secretFile(dataDir: string): string {
  return path.join(dataDir, "instance-secret");
}

function readOrCreateSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    // "wx" fails if another process wrote it first; then theirs wins.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

/** The instance itself: where it is reached, its database and secret, its logs and its demo data. */
export const instanceSettings = defineSettings({
  variables: {
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    TOKENRAIL_APP_URL: urlSetting.optional(),
    TOKENRAIL_BASE_URL: urlSetting.optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    TOKENRAIL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    TOKENRAIL_API_VENDOR: z
      .string()
      .regex(/^[a-z0-9-]+$/, "lower-case letters, digits and hyphens")
      .default(DEFAULT_VENDOR),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    TOKENRAIL_SEED_DEMO: z.enum(["true", "false"]).optional(),
    TOKENRAIL_DEMO_CODE_CLIENT_ID: z.string().uuid().optional(),
    TOKENRAIL_DEMO_CLIENT_ID: z.string().uuid().optional(),
    TOKENRAIL_DEMO_CLIENT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    TOKENRAIL_DEMO_OPERATOR_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
    TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT: z.coerce
      .number()
      .int()
      .min(1, "at least 1")
      .max(1_000_000, "at most 1000000")
      .default(20),
  },
  read(e, { environment, production, dataDir }, problems) {
    if (production && !e.DATABASE_URL) {
      problems.push(
        "DATABASE_URL: production needs a PostgreSQL server; the embedded database is for sandbox use only",
      );
    }
    if (production && !e.TOKENRAIL_SECRET) {
      problems.push("TOKENRAIL_SECRET: production needs its own secret (32+ random characters)");
    }
    if (production && e.TOKENRAIL_SECRET && PLACEHOLDER_SECRET.test(e.TOKENRAIL_SECRET)) {
      problems.push("TOKENRAIL_SECRET: still the placeholder from the documentation; generate a random one");
    }
    if (production && e.TOKENRAIL_SEED_DEMO === "true") {
      problems.push("TOKENRAIL_SEED_DEMO: demo data with known credentials is never created in production");
    }
    const demo = {
      codeClientId: e.TOKENRAIL_DEMO_CODE_CLIENT_ID,
      clientId: e.TOKENRAIL_DEMO_CLIENT_ID,
      clientSecret: e.TOKENRAIL_DEMO_CLIENT_SECRET,
      operatorPassword: e.TOKENRAIL_DEMO_OPERATOR_PASSWORD,
    };
    if (production && Object.values(demo).some(Boolean)) {
      problems.push("TOKENRAIL_DEMO_*: demo clients do not exist in production");
    }
    const appUrl = e.TOKENRAIL_APP_URL ?? `http://localhost:${e.PORT}`;
    const apiPrefix = "/api";
    return {
      environment,
      port: e.PORT,
      /** `{app_url}`: the web application, without a trailing slash. */
      appUrl,
      /** `{base_url}`: the API, without a trailing slash. */
      baseUrl: e.TOKENRAIL_BASE_URL ?? `${appUrl}${apiPrefix}`,
      /** Path prefix of the API on this server ("/api" by default). */
      apiPrefix,
      dataDir,
      database: e.DATABASE_URL
        ? ({ kind: "postgres", url: e.DATABASE_URL } as const)
        : ({ kind: "pglite", dataDir: path.join(dataDir, "pglite") } as const),
      /** Signs sessions and derives other keys. Generated and kept in the data directory for the embedded default. */
      secret: e.TOKENRAIL_SECRET ?? (production ? "" : readOrCreateSecret(dataDir)),
      /** Media-type vendors accepted in `Accept: application/vnd.<vendor>.api-v2+json`; the first is our own. */
      vendors: [e.TOKENRAIL_API_VENDOR, ...COMPATIBLE_VENDORS.filter((v) => v !== e.TOKENRAIL_API_VENDOR)],
      seedDemo: e.TOKENRAIL_SEED_DEMO ? e.TOKENRAIL_SEED_DEMO === "true" : !production,
      demo,
      /** Sign-up codes and reset links one client (IP address) may ask for within 30 minutes. */
      accountMailsPerClient: e.TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT,
      logLevel: e.LOG_LEVEL,
    };
  },
});
