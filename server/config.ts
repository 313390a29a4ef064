import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import {
  bankCodeProblem,
  bbanFormat,
  bicProblem,
  defaultBankCode,
  defaultBic,
  type BbanFormat,
} from "./ibans/bban-format.ts";
import { generateIban } from "./ibans/generate-iban.ts";
import { chainsOf, CURRENCIES, type Currency } from "./chains/registry.ts";

/**
 * Instance configuration, read once from the environment and validated here. Everything else asks `getConfig()`.
 * The embedded default needs no settings at all; production refuses to start without a real database and secrets.
 */

const DEFAULT_VENDOR = "tokenrail";
/** CONTRACT §4.21: uploads of up to 5 MB. */
export const DEFAULT_FILE_SIZE_LIMIT = 5 * 1024 * 1024;
/** The real service's media-type vendor, accepted too so its published SDK works unmodified. */
export const COMPATIBLE_VENDORS = ["monerium"] as const;

const url = z
  .string()
  .url()
  .transform((value) => value.replace(/\/+$/, ""));

const envSchema = z.object({
  TOKENRAIL_ENV: z.enum(["sandbox", "production"]).default("sandbox"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  TOKENRAIL_APP_URL: url.optional(),
  TOKENRAIL_BASE_URL: url.optional(),
  TOKENRAIL_DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  TOKENRAIL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TOKENRAIL_API_VENDOR: z
    .string()
    .regex(/^[a-z0-9-]+$/, "lower-case letters, digits and hyphens")
    .default(DEFAULT_VENDOR),
  TOKENRAIL_SEED_DEMO: z.enum(["true", "false"]).optional(),
  TOKENRAIL_DEMO_CODE_CLIENT_ID: z.string().uuid().optional(),
  TOKENRAIL_DEMO_CLIENT_ID: z.string().uuid().optional(),
  TOKENRAIL_DEMO_CLIENT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  TOKENRAIL_DEMO_OPERATOR_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  TOKENRAIL_TEST_CLOCK: z.enum(["true", "false"]).optional(),
  TOKENRAIL_SANDBOX_AUTO_APPROVE: z
    .string()
    .regex(/^(off|\d{1,6})$/, 'seconds to wait before approving complete KYC, or "off"')
    .optional(),
  TOKENRAIL_SANDBOX_AUTO_PROCESS: z
    .string()
    .regex(/^(off|\d{1,6})$/, 'seconds to wait before processing a signed redeem order, or "off"')
    .optional(),
  TOKENRAIL_WEBHOOK_PRIVATE_URLS: z.enum(["allow", "refuse"], 'use "allow" or "refuse"').optional(),
  TOKENRAIL_WEBHOOK_TIMEOUT: z.coerce
    .number()
    .int()
    .min(1, "must be at least 1 second")
    .max(60, "must be at most 60 seconds")
    .default(15),
  TOKENRAIL_WEBHOOK_POLL: z.coerce
    .number()
    .min(0.1, "must be at least 0.1 seconds")
    .max(3600, "must be at most 3600 seconds")
    .default(2),
  TOKENRAIL_FILE_SIZE_LIMIT: z.coerce
    .number()
    .int()
    .min(1024, "must be at least 1024 bytes")
    .max(1024 * 1024 * 1024, "must be at most 1 GiB")
    .default(DEFAULT_FILE_SIZE_LIMIT),
  TOKENRAIL_FILE_STORAGE: z.enum(["local", "s3"]).default("local"),
  TOKENRAIL_S3_ENDPOINT: url.optional(),
  TOKENRAIL_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "3–63 lower-case letters, digits, dots and hyphens")
    .optional(),
  TOKENRAIL_S3_REGION: z.string().min(1).default("us-east-1"),
  TOKENRAIL_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  TOKENRAIL_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  TOKENRAIL_IBAN_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "a two-letter country code")
    .transform((s) => s.toUpperCase())
    .default("IS"),
  TOKENRAIL_IBAN_BANK_CODE: z
    .string()
    .transform((s) => s.toUpperCase())
    .optional(),
  TOKENRAIL_IBAN_BIC: z
    .string()
    .transform((s) => s.toUpperCase())
    .optional(),
  TOKENRAIL_IBAN_PROVISION_INTERVAL: z.coerce
    .number()
    .int()
    .min(1, "at least 1 second")
    .max(3600, "at most 3600 seconds")
    .default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TOKENRAIL_CHAIN_GATEWAY: z.enum(["sandbox", "evm"]).default("sandbox"),
  TOKENRAIL_EVM_ISSUER_KEY: z
    .custom<`0x${string}`>(
      (value) => typeof value === "string" && /^0x[0-9a-fA-F]{64}$/.test(value),
      "must be 0x and 64 hex digits (a secp256k1 private key)",
    )
    .optional(),
  TOKENRAIL_EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(1),
  TOKENRAIL_EVM_LOG_BLOCK_RANGE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  TOKENRAIL_WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, "must be a WalletConnect (Reown) project id: 32 hex digits")
    .optional(),
  TOKENRAIL_DEVNET: z.enum(["true", "false"]).optional(),
  TOKENRAIL_METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").max(256).optional(),
});

/** The documented example value (.env.example) must never run in production. */
const PLACEHOLDER_SECRET = /change-?me/i;

export type Environment = "sandbox" | "production";

/** Where uploaded files live: a directory (content-addressed) or an S3-compatible bucket (path-style requests). */
export type FileStorageConfig =
  | { kind: "local"; dir: string }
  | { kind: "s3"; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** An EVM chain reached over JSON-RPC: its endpoint, token contracts that differ from the registry's, log search start. */
export type EvmChainConfig = {
  rpcUrl: string;
  /** Token contracts by currency; currencies not named use the registry's `tokenContract` address. */
  tokens: Partial<Record<Currency, `0x${string}`>>;
  /** First block searched for a Safe's SignMsg events (the deployment's start; searching from 0 costs requests). */
  startBlock: number;
};

/** How chains are reached: the simulated chain in the database, or EVM chains over JSON-RPC with an issuer key. */
export type ChainGatewayConfig =
  | { kind: "sandbox" }
  | {
      kind: "evm";
      /** Private key of the account allowed to mint and burn. A secret: never logged or shown. */
      issuerKey: `0x${string}`;
      /** Blocks a mint or burn waits for (1: included in a block). */
      confirmations: number;
      /** Most blocks asked for in one eth_getLogs request. */
      logBlockRange: number;
      /** By chain name; a chain not listed has no RPC endpoint and is refused by the gateway. */
      chains: Record<string, EvmChainConfig>;
    };

export type Config = {
  environment: Environment;
  port: number;
  /** `{app_url}`: the web application, without a trailing slash. */
  appUrl: string;
  /** `{base_url}`: the API, without a trailing slash. */
  baseUrl: string;
  /** Path prefix of the API on this server ("/api" by default). */
  apiPrefix: string;
  dataDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  /** Signs sessions and derives other keys. Generated and kept in the data directory for the embedded default. */
  secret: string;
  /** Media-type vendors accepted in `Accept: application/vnd.<vendor>.api-v2+json`; the first is our own. */
  vendors: string[];
  seedDemo: boolean;
  demo: { codeClientId?: string; clientId?: string; clientSecret?: string; operatorPassword?: string };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** Requests may ask to be served at a later time (`Tokenrail-Test-Clock-Offset`); for test instances only. */
  testClock: boolean;
  /** Sandbox only: approve complete KYC submissions after this many seconds (undefined: an operator reviews). */
  autoApproveSeconds?: number;
  /** Sandbox: signed redeem orders are processed (burned, paid out) after this many seconds; undefined: never. */
  autoProcessSeconds?: number;
  webhooks: {
    /** Subscribers may be plain http and on loopback or private networks (sandbox, local development). */
    allowPrivateUrls: boolean;
    /** How long one delivery attempt may take. */
    timeoutMs: number;
    /**
     * How often the worker looks for work it was not woken for (a lost notification, a retry falling due); new events
     * and resends wake it at once.
     */
    pollMs: number;
  };
  files: {
    /** Largest accepted upload in bytes; bigger bodies are refused (413) while they arrive. */
    sizeLimit: number;
    storage: FileStorageConfig;
    /** Uploads are spooled here while they arrive and are checked. */
    spoolDir: string;
  };
  /** The IBANs this instance hands out: country, bank, and how often requested ones are provisioned. */
  ibans: {
    country: string;
    format: BbanFormat;
    /** Fills the BBAN's bank (and branch) positions. */
    bankCode: string;
    bic: string;
    provisionIntervalSeconds: number;
  };
  chainGateway: ChainGatewayConfig;
  /**
   * Offers WalletConnect (a phone wallet pairs by QR code, through WalletConnect's relay) on the wallet step. Unset:
   * browser wallets only, and the instance never contacts the relay.
   */
  walletConnectProjectId?: string;
  /**
   * The bearer token `/metrics` asks for. Production serves no metrics without one; the sandbox serves them openly
   * unless one is set.
   */
  metricsToken?: string;
  /** The chains are `npm start`'s local devnet (in memory, new at each start), not public ones. */
  devnet: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

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

/** Validates an environment into a Config. Pure apart from the embedded secret file; throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.TOKENRAIL_ENV === "production";
  const problems: string[] = [];
  if (production && !e.DATABASE_URL) {
    problems.push("DATABASE_URL: production needs a PostgreSQL server; the embedded database is for sandbox use only");
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
  if (
    production &&
    (e.TOKENRAIL_DEMO_CLIENT_SECRET ||
      e.TOKENRAIL_DEMO_CLIENT_ID ||
      e.TOKENRAIL_DEMO_CODE_CLIENT_ID ||
      e.TOKENRAIL_DEMO_OPERATOR_PASSWORD)
  ) {
    problems.push("TOKENRAIL_DEMO_*: demo clients do not exist in production");
  }
  if (production && e.TOKENRAIL_SANDBOX_AUTO_APPROVE !== undefined && e.TOKENRAIL_SANDBOX_AUTO_APPROVE !== "off") {
    problems.push("TOKENRAIL_SANDBOX_AUTO_APPROVE: production KYC is reviewed by an operator");
  }
  if (production && e.TOKENRAIL_SANDBOX_AUTO_PROCESS !== undefined && e.TOKENRAIL_SANDBOX_AUTO_PROCESS !== "off") {
    problems.push("TOKENRAIL_SANDBOX_AUTO_PROCESS: production orders are processed by an operator");
  }
  if (production && e.TOKENRAIL_WEBHOOK_PRIVATE_URLS === "allow") {
    problems.push("TOKENRAIL_WEBHOOK_PRIVATE_URLS: production delivers webhooks to public https addresses only");
  }
  if (production && e.TOKENRAIL_TEST_CLOCK === "true") {
    problems.push("TOKENRAIL_TEST_CLOCK: moving the clock is for test instances, never production");
  }
  if (e.TOKENRAIL_FILE_STORAGE === "s3") {
    for (const name of [
      "TOKENRAIL_S3_ENDPOINT",
      "TOKENRAIL_S3_BUCKET",
      "TOKENRAIL_S3_ACCESS_KEY_ID",
      "TOKENRAIL_S3_SECRET_ACCESS_KEY",
    ] as const) {
      if (!e[name]) problems.push(`${name}: required when TOKENRAIL_FILE_STORAGE is s3`);
    }
  }
  const evm = e.TOKENRAIL_CHAIN_GATEWAY === "evm";
  if (production && !evm) {
    problems.push(
      "TOKENRAIL_CHAIN_GATEWAY: production runs on real chains (evm); the simulated chain is for the sandbox",
    );
  }
  if (evm && !e.TOKENRAIL_EVM_ISSUER_KEY) {
    problems.push("TOKENRAIL_EVM_ISSUER_KEY: required when TOKENRAIL_CHAIN_GATEWAY is evm");
  }
  if (e.TOKENRAIL_DEVNET === "true" && production) {
    problems.push("TOKENRAIL_DEVNET: the local devnet is for the sandbox; production runs on real chains");
  }
  if (e.TOKENRAIL_DEVNET === "true" && e.DATABASE_URL) {
    problems.push(
      "TOKENRAIL_DEVNET: the devnet's chains live in memory and start afresh each time; a PostgreSQL database would outlive them (use the embedded one)",
    );
  }
  const chains = evm ? evmChains(env, e.TOKENRAIL_ENV, problems) : {};
  const ibans = ibanSettings(e, problems);
  if (problems.length > 0 || !ibans) throw new ConfigError(problems);

  const dataDir = path.resolve(e.TOKENRAIL_DATA_DIR);
  const appUrl = e.TOKENRAIL_APP_URL ?? `http://localhost:${e.PORT}`;
  const apiPrefix = "/api";
  const baseUrl = e.TOKENRAIL_BASE_URL ?? `${appUrl}${apiPrefix}`;
  return {
    environment: e.TOKENRAIL_ENV,
    port: e.PORT,
    appUrl,
    baseUrl,
    apiPrefix,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    secret: e.TOKENRAIL_SECRET ?? readOrCreateSecret(dataDir),
    vendors: [e.TOKENRAIL_API_VENDOR, ...COMPATIBLE_VENDORS.filter((v) => v !== e.TOKENRAIL_API_VENDOR)],
    seedDemo: e.TOKENRAIL_SEED_DEMO ? e.TOKENRAIL_SEED_DEMO === "true" : !production,
    demo: {
      codeClientId: e.TOKENRAIL_DEMO_CODE_CLIENT_ID,
      clientId: e.TOKENRAIL_DEMO_CLIENT_ID,
      clientSecret: e.TOKENRAIL_DEMO_CLIENT_SECRET,
      operatorPassword: e.TOKENRAIL_DEMO_OPERATOR_PASSWORD,
    },
    logLevel: e.LOG_LEVEL,
    testClock: e.TOKENRAIL_TEST_CLOCK === "true",
    autoApproveSeconds: autoApprove(production, e.TOKENRAIL_SANDBOX_AUTO_APPROVE),
    autoProcessSeconds: autoApprove(production, e.TOKENRAIL_SANDBOX_AUTO_PROCESS),
    webhooks: {
      allowPrivateUrls: (e.TOKENRAIL_WEBHOOK_PRIVATE_URLS ?? (production ? "refuse" : "allow")) === "allow",
      timeoutMs: e.TOKENRAIL_WEBHOOK_TIMEOUT * 1000,
      pollMs: Math.round(e.TOKENRAIL_WEBHOOK_POLL * 1000),
    },
    files: {
      sizeLimit: e.TOKENRAIL_FILE_SIZE_LIMIT,
      storage:
        e.TOKENRAIL_FILE_STORAGE === "s3"
          ? {
              kind: "s3",
              endpoint: e.TOKENRAIL_S3_ENDPOINT ?? "",
              bucket: e.TOKENRAIL_S3_BUCKET ?? "",
              region: e.TOKENRAIL_S3_REGION,
              accessKeyId: e.TOKENRAIL_S3_ACCESS_KEY_ID ?? "",
              secretAccessKey: e.TOKENRAIL_S3_SECRET_ACCESS_KEY ?? "",
            }
          : { kind: "local", dir: path.join(dataDir, "files") },
      spoolDir: path.join(dataDir, "tmp", "uploads"),
    },
    ibans,
    chainGateway:
      evm && e.TOKENRAIL_EVM_ISSUER_KEY
        ? {
            kind: "evm",
            issuerKey: e.TOKENRAIL_EVM_ISSUER_KEY,
            confirmations: e.TOKENRAIL_EVM_CONFIRMATIONS,
            logBlockRange: e.TOKENRAIL_EVM_LOG_BLOCK_RANGE,
            chains,
          }
        : { kind: "sandbox" },
    walletConnectProjectId: e.TOKENRAIL_WALLETCONNECT_PROJECT_ID?.toLowerCase(),
    metricsToken: e.TOKENRAIL_METRICS_TOKEN,
    devnet: e.TOKENRAIL_DEVNET === "true",
  };
}

/**
 * The IBAN country must be a SEPA country of the IBAN registry, the bank code must fit its national format, and a
 * valid IBAN must be possible with it (a bank code whose own national check digit is wrong never yields one).
 */
function ibanSettings(e: z.infer<typeof envSchema>, problems: string[]): Config["ibans"] | undefined {
  const format = bbanFormat(e.TOKENRAIL_IBAN_COUNTRY);
  if (!format) {
    problems.push(`TOKENRAIL_IBAN_COUNTRY: ${e.TOKENRAIL_IBAN_COUNTRY} is not a SEPA country of the IBAN registry`);
    return undefined;
  }
  const bankCode = e.TOKENRAIL_IBAN_BANK_CODE ?? defaultBankCode(format);
  const bic = e.TOKENRAIL_IBAN_BIC ?? defaultBic(format.country);
  const bankProblem = bankCodeProblem(format, bankCode);
  if (bankProblem) problems.push(`TOKENRAIL_IBAN_BANK_CODE: ${bankProblem}`);
  const bicIssue = bicProblem(bic);
  if (bicIssue) problems.push(`TOKENRAIL_IBAN_BIC: ${bicIssue}`);
  if (bankProblem || bicIssue) return undefined;
  try {
    generateIban({ format, bankCode });
  } catch {
    problems.push(`TOKENRAIL_IBAN_BANK_CODE: no valid ${format.country} IBAN exists with ${bankCode} (check digits)`);
    return undefined;
  }
  return {
    country: format.country,
    format,
    bankCode,
    bic,
    provisionIntervalSeconds: e.TOKENRAIL_IBAN_PROVISION_INTERVAL,
  };
}

/** Per-chain settings carry the chain's (and currency's) name: `TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR`. */
const EVM_CHAIN_SETTING = /^TOKENRAIL_EVM_(RPC|START_BLOCK|TOKEN)_([A-Z0-9]+)(?:_([A-Z]+))?$/;
const rpcUrl = z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// JSON-RPC URL");
const blockNumber = z.coerce.number().int().min(0);

/**
 * The EVM gateway's per-chain settings. Their names are checked against the environment's EVM chains and the
 * currencies, so a misspelt variable is refused rather than silently ignored.
 */
function evmChains(env: Record<string, string | undefined>, environment: Environment, problems: string[]) {
  const known = chainsOf(environment).filter((c) => c.family === "evm");
  const chains: Record<string, EvmChainConfig> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !name.startsWith("TOKENRAIL_EVM_") || name in envSchema.shape) continue;
    const [, kind, chainName, ticker] = EVM_CHAIN_SETTING.exec(name) ?? [];
    const currency = CURRENCIES.find((c) => c.ticker === ticker)?.currency;
    const chain = known.find((c) => c.name.toUpperCase() === chainName);
    if (!kind || (kind === "TOKEN") !== (currency !== undefined)) {
      problems.push(
        `${name}: not a setting (TOKENRAIL_EVM_RPC_<CHAIN>, _START_BLOCK_<CHAIN>, _TOKEN_<CHAIN>_<EUR|GBP|USD|ISK>)`,
      );
      continue;
    }
    if (!chain) {
      problems.push(
        `${name}: ${environment} has no EVM chain ${chainName} (${known.map((c) => c.name.toUpperCase()).join(", ")})`,
      );
      continue;
    }
    const settings = (chains[chain.name] ??= { rpcUrl: "", tokens: {}, startBlock: 0 });
    if (kind === "RPC") {
      const url = rpcUrl.safeParse(value);
      if (url.success) settings.rpcUrl = url.data;
      else problems.push(`${name}: ${url.error.issues[0]?.message}`);
    } else if (kind === "START_BLOCK") {
      const block = blockNumber.safeParse(value);
      if (block.success) settings.startBlock = block.data;
      else problems.push(`${name}: must be a block number`);
    } else if (currency) {
      if (isAddress(value)) settings.tokens[currency] = getAddress(value);
      else problems.push(`${name}: must be a 0x address (40 hex digits, a valid checksum if mixed-case)`);
    }
  }
  for (const [name, settings] of Object.entries(chains)) {
    const variable = `TOKENRAIL_EVM_RPC_${name.toUpperCase()}`;
    if (!settings.rpcUrl && !(variable in env)) problems.push(`${variable}: required by the other settings of ${name}`);
  }
  if (Object.keys(chains).length === 0) problems.push("TOKENRAIL_EVM_RPC_<CHAIN>: evm needs at least one chain's URL");
  return chains;
}

/** The sandbox approves complete KYC (and processes signed orders) after 30 seconds unless told otherwise; production never does. */
function autoApprove(production: boolean, setting: string | undefined): number | undefined {
  if (production || setting === "off") return undefined;
  return setting === undefined ? 30 : Number(setting);
}

const holder = globalThis as typeof globalThis & { __tokenrailConfig?: Config };

/** The running instance's configuration (validated on first use, then cached for the process). */
export function getConfig(): Config {
  holder.__tokenrailConfig ??= loadConfig();
  return holder.__tokenrailConfig;
}
