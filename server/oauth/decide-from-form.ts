import type { Config } from "../config.ts";
import type { AuthorizationOutcome } from "./authorization-outcome.ts";
import { approveAuthorization, denyAuthorization } from "./decide-authorization.ts";
import { decisionTokenValid } from "./decision-token.ts";

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The consent form's post: checks the person and the CSRF token, then allows or denies. */
export async function decideFromForm(options: {
  form: FormData;
  userId: string | undefined;
  config: Config;
}): Promise<AuthorizationOutcome> {
  const { form, userId, config } = options;
  const requestId = field(form, "request");
  if (!userId) {
    return {
      kind: "redirect",
      status: 302,
      location: `${config.appUrl}/authorize?request=${encodeURIComponent(requestId)}`,
    };
  }
  if (!decisionTokenValid(config.secret, userId, requestId, field(form, "token"))) {
    return {
      kind: "error-page",
      status: 403,
      title: "This form has expired",
      message: "The consent form was not sent from this page. Reload it and decide again.",
    };
  }
  return field(form, "decision") === "allow"
    ? approveAuthorization({ requestId, userId, profileId: field(form, "profile"), config })
    : denyAuthorization({ requestId, config });
}
