import { signOnChain } from "../chains/sandbox-controls.ts";
import type { Config } from "../config.ts";
import { AppError, isAppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { logger } from "../logging/logger.ts";
import type { SandboxActor } from "./change-sandbox-settings.ts";
import { assertOperator, assertSandbox } from "./sandbox-only.ts";
import { emitSignMsgSchema, isMessageHash } from "./simulator.schemas.ts";

export type EmittedSignMsg = {
  chain: string;
  address: string;
  msgHash: string;
  linksCompleted: number;
  ordersSigned: number;
};

/**
 * The simulator makes a Safe sign on the sandbox chain: `SignMsg(msgHash)` for a message hash as given, or for the
 * Safe hash of a text message. Address links and orders waiting for that signature complete at once. The operator's
 * lever: it reaches any tenant's Safe.
 */
export async function emitSafeSignature(options: {
  input: unknown;
  actor: SandboxActor;
  config: Config;
}): Promise<EmittedSignMsg> {
  const { actor, config } = options;
  assertSandbox(config);
  assertOperator(actor);
  const { chain, address, what } = validate(emitSignMsgSchema, options.input);
  try {
    const emitted = await signOnChain({
      chain,
      address,
      ...(isMessageHash(what) ? { msgHash: what } : { message: what }),
      by: { operator: true },
      config,
    });
    logger().info(
      {
        reqId: actor.requestId,
        actor: `user:${actor.userId}`,
        chain: emitted.chain,
        address,
        msgHash: emitted.msgHash,
      },
      "sandbox Safe SignMsg emitted from the simulator",
    );
    return emitted;
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") {
      throw new AppError("VALIDATION", "Validation errors", { chain: "Choose an EVM chain of the sandbox" });
    }
    throw error;
  }
}
