import type { Config } from "../../config.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Caller } from "../../oauth/caller.ts";
import type { ScreeningIndex } from "../../screening/match/screening-index.ts";

/** What an import carries from batch to batch. */
export type ImportContext = {
  tx: Prisma.TransactionClient;
  fileId: string;
  /** The master account (electronic format): every identity is qualified by it. */
  account: string;
  config: Config;
  now: Date;
  writableBy?: Caller;
  /** The lists every credit's debtor is screened against before it mints (C64). */
  screening: ScreeningIndex;
};
