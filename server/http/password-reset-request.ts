import { getConfig } from "../config.ts";
import { isAppError } from "../errors.ts";
import { requestPasswordReset } from "../users/request-password-reset.ts";
import { browserResponse, crossSiteRefusal, NO_FRAMING } from "./browser.ts";
import { clientAddress } from "./client-address.ts";
import { errorResponse, jsonResponse } from "./respond.ts";

/** The one answer to a reset request, whether or not the address has an account (C55). */
export const RESET_REQUESTED =
  "If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.";

/**
 * `POST /forgot-password/send` (the "Forgot password?" form, `email` in a form body): always the same 200 and body
 * for a valid address, known or not; 429 once the address or the client asked too often, for known and unknown
 * addresses alike.
 */
export async function answerPasswordResetRequest(req: Request): Promise<Response> {
  const config = getConfig();
  const refused = crossSiteRefusal(req, config.appUrl);
  if (refused) return browserResponse(refused, "application/json");
  const form = await req.formData().catch(() => undefined);
  const email = form?.get("email");
  try {
    await requestPasswordReset({
      input: { email: typeof email === "string" ? email : undefined },
      client: clientAddress(req.headers),
    });
  } catch (error) {
    if (isAppError(error)) return errorResponse(error, { headers: NO_FRAMING });
    throw error;
  }
  return jsonResponse(200, { message: RESET_REQUESTED }, NO_FRAMING);
}
