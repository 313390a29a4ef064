import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

/** How operators sign in: with a second factor always (production), or only once they have enrolled one. */
export const operatorSettings = defineSettings({
  variables: {
    TOKENRAIL_OPERATOR_MFA: z.enum(["required", "optional"]).optional(),
  },
  read(e, { production }, problems) {
    if (production && e.TOKENRAIL_OPERATOR_MFA === "optional") {
      problems.push(
        "TOKENRAIL_OPERATOR_MFA: production requires a second factor for operators (C57); optional is for the sandbox",
      );
    }
    return {
      /**
       * `required`: an operator's session counts only after a second factor (a passkey, a TOTP code or a recovery
       * code); one without any is sent to enrol one. `optional` (the sandbox's default): an operator who has
       * enrolled a factor must use it, one who has not signs in with a password.
       */
      operatorMfa: e.TOKENRAIL_OPERATOR_MFA ?? (production ? "required" : "optional"),
    };
  },
});
