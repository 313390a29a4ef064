import { isAddress } from "viem";
import { isKnownChain } from "../chains/registry.ts";
import { redirectUriMatches } from "../applications/redirect-uri.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { errorRedirect, type AuthorizationErrorCode, type AuthorizationOutcome } from "./authorization-outcome.ts";
import { CODE_CHALLENGE, type AuthorizeRequest } from "./authorize.schemas.ts";
import { randomSecret } from "./secrets.ts";
import { authorizeWithSiwe } from "./siwe-authorization.ts";
import { quote } from "../limits.ts";
import { reviewRefusal } from "./review-refusal.ts";
import { requestEmailData } from "./request-email.ts";

/** How long a person has to sign in and consent after the integrator's redirect. */
export const AUTHORIZATION_REQUEST_MINUTES = 30;

const BOOLEAN = /^(true|false)$/;

function errorPage(message: string): AuthorizationOutcome {
  return { kind: "error-page", status: 400, title: "This sign-in link cannot be used", message };
}

/**
 * SPEC endpoints 2–3. Until the client and its redirect URI are verified, failures are shown on a page of ours and
 * never redirected (RFC 6749 §4.1.2.1); after that they go back to the client with `error` and `state`. Success
 * stores the verified request and sends the browser to the onboarding screens with only its opaque id.
 */
export async function startAuthorization(options: {
  request: AuthorizeRequest;
  config: Config;
  clock?: Clock;
}): Promise<AuthorizationOutcome> {
  const { request: r, config, clock = serverClock } = options;
  const clientId = uuidOrUndefined(r.client_id);
  if (!r.client_id) return errorPage("The request names no client_id.");
  const prisma = await db();
  const client = clientId
    ? await prisma.oAuthClient.findUnique({
        where: { id: clientId },
        select: {
          id: true,
          kind: true,
          applicationId: true,
          redirectUris: true,
          application: { select: { environment: true, review: true } },
        },
      })
    : null;
  if (!client || client.application.environment !== config.environment) {
    return errorPage(
      `No application with client_id ${quote(r.client_id)} is registered in this ${config.environment}.`,
    );
  }
  if (client.kind !== "authorization_code") {
    return errorPage("This client_id is the application's client-credentials id; sign-in uses its other client id.");
  }

  let redirectUri: string;
  if (r.redirect_uri !== undefined) {
    const presented = r.redirect_uri;
    if (!client.redirectUris.some((registered) => redirectUriMatches(registered, presented))) {
      return errorPage(
        "The redirect_uri is not one the application registered (it must match exactly; loopback URIs may differ in port).",
      );
    }
    redirectUri = r.redirect_uri;
  } else if (client.redirectUris.length === 1) {
    redirectUri = client.redirectUris[0]!;
  } else {
    return errorPage(
      client.redirectUris.length === 0
        ? "The application has no registered redirect URI."
        : "The application registered several redirect URIs, so the request must name one in redirect_uri.",
    );
  }

  // From here on the redirect URI is verified: problems go back to the client.
  const fail = (error: AuthorizationErrorCode, description: string) =>
    errorRedirect({ redirectUri, state: r.state, error, description, config });
  if (r.response_type !== undefined && r.response_type !== "code") {
    return fail("unsupported_response_type", "Only response_type=code is supported");
  }
  if (!r.code_challenge) return fail("invalid_request", "code_challenge is required (PKCE)");
  if (r.code_challenge_method !== undefined && r.code_challenge_method !== "S256") {
    return fail("invalid_request", "code_challenge_method must be S256");
  }
  if (!CODE_CHALLENGE.test(r.code_challenge)) {
    return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters)");
  }
  for (const flag of ["skip_kyc", "skip_create_account"] as const) {
    const value = r[flag];
    if (value !== undefined && !BOOLEAN.test(value)) return fail("invalid_request", `${flag} must be true or false`);
  }
  if (r.auth_mode !== undefined && r.auth_mode !== "login" && r.auth_mode !== "signup") {
    return fail("invalid_request", "auth_mode must be login or signup");
  }
  if (r.address !== undefined && !isAddress(r.address, { strict: false })) {
    return fail("invalid_request", "address must be a 0x-prefixed 20-byte hex address");
  }
  if (r.chain !== undefined && !isKnownChain(r.chain, config.environment)) {
    return fail("invalid_request", `chain ${r.chain} is not a chain of this ${config.environment}`);
  }
  // In production a new application waits for an operator's approval; until then nobody is sent through it.
  if (client.application.review !== "approved")
    return fail("unauthorized_client", reviewRefusal(client.application.review));
  const now = clock();
  if (r.authentication_method === "siwe") {
    return authorizeWithSiwe({
      client: { id: client.id, applicationId: client.applicationId },
      redirectUri,
      state: r.state,
      codeChallenge: r.code_challenge,
      message: r.message,
      signature: r.signature,
      config,
      now,
      fail: (description) => fail("invalid_request", description),
    });
  }
  if (r.authentication_method !== undefined) {
    return fail("invalid_request", `authentication_method ${r.authentication_method} is not supported`);
  }

  const id = randomSecret(24);
  await prisma.authorizationRequest.create({
    data: {
      id,
      clientId: client.id,
      redirectUri,
      state: r.state,
      codeChallenge: r.code_challenge,
      ...requestEmailData(r.email),
      authMode: r.auth_mode,
      skipKyc: r.skip_kyc === "true",
      skipCreateAccount: r.skip_create_account === "true",
      address: r.address,
      chain: r.chain,
      signature: r.signature,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_REQUEST_MINUTES * 60_000),
    },
  });
  return { kind: "redirect", status: 307, location: `${config.appUrl}/authorize?request=${id}` };
}
