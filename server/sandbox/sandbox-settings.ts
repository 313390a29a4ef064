import { z } from "zod";
import { defineSettings, secondsOrOff } from "../settings/define-settings.ts";

/** The sandbox approves complete KYC (and processes signed orders) after 30 seconds unless told otherwise; production never does. */
function afterSeconds(production: boolean, setting: string | undefined): number | undefined {
  if (production || setting === "off") return undefined;
  return setting === undefined ? 30 : Number(setting);
}

/** What only the sandbox does on its own: approve KYC, process orders, and let tests move the clock. */
export const sandboxSettings = defineSettings({
  variables: {
    TOKENRAIL_TEST_CLOCK: z.enum(["true", "false"]).optional(),
    TOKENRAIL_SANDBOX_AUTO_APPROVE: secondsOrOff("approving complete KYC"),
    TOKENRAIL_SANDBOX_AUTO_PROCESS: secondsOrOff("processing a signed redeem order"),
  },
  read(e, { production }, problems) {
    if (production && e.TOKENRAIL_SANDBOX_AUTO_APPROVE !== undefined && e.TOKENRAIL_SANDBOX_AUTO_APPROVE !== "off") {
      problems.push("TOKENRAIL_SANDBOX_AUTO_APPROVE: production KYC is reviewed by an operator");
    }
    if (production && e.TOKENRAIL_SANDBOX_AUTO_PROCESS !== undefined && e.TOKENRAIL_SANDBOX_AUTO_PROCESS !== "off") {
      problems.push("TOKENRAIL_SANDBOX_AUTO_PROCESS: production orders are processed by an operator");
    }
    if (production && e.TOKENRAIL_TEST_CLOCK === "true") {
      problems.push("TOKENRAIL_TEST_CLOCK: moving the clock is for test instances, never production");
    }
    return {
      /** Requests may ask to be served at a later time (`Tokenrail-Test-Clock-Offset`); for test instances only. */
      testClock: e.TOKENRAIL_TEST_CLOCK === "true",
      /** Sandbox only: approve complete KYC submissions after this many seconds (undefined: an operator reviews). */
      autoApproveSeconds: afterSeconds(production, e.TOKENRAIL_SANDBOX_AUTO_APPROVE),
      /** Sandbox: signed redeem orders are processed (burned, paid out) after this many seconds; undefined: never. */
      autoProcessSeconds: afterSeconds(production, e.TOKENRAIL_SANDBOX_AUTO_PROCESS),
    };
  },
});
