import type { AuditActor } from "../../audit/record-audit.ts";
import type { Config } from "../../config.ts";

/**
 * The payments' entry points the operator's side calls, with their agreed signatures. They are
 * written on their own branches; until those are merged these stand in (and throw), so that the console and the
 * admin API can be built and type-checked against them. On merge, each becomes a re-export of the real one.
 */

/** Releases a written payment file (the payments' `releasePaymentFile`). */
export async function releasePaymentFile(options: {
  fileId: string;
  actor: AuditActor;
  config: Config;
}): Promise<{ id: string; state: string }> {
  void options;
  await Promise.resolve();
  throw new Error("not implemented");
}

/** Batches every instructed payout into a payment file now (the payments' `runPaymentRun`). */
export async function runPaymentRun(
  config: Config,
  options: { actor?: AuditActor },
): Promise<{ fileId: string } | undefined> {
  void config;
  void options;
  await Promise.resolve();
  throw new Error("not implemented");
}

export { mintUnmatched } from "../import/mint-unmatched.ts";
