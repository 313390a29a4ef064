/**
 * The grant type of a person acting in Tokenrail's own onboarding screens (signed in to the web app, no token):
 * their own profiles, whichever application's onboarding they came through (`session-caller.ts`).
 */
export const PERSON_IN_APP = "web_session";

/** The grant type of an application acting on its own behalf (SPEC Authentication 4), not for a person. */
export const CLIENT_CREDENTIALS = "client_credentials";

/** Who is calling: the token, the client and application behind it, the user it acts for, its default profile. */
export type Caller = {
  tokenId: string;
  clientId: string;
  applicationId: string;
  /** The person the token acts for; for client credentials, the person who registered the application. */
  userId: string;
  profileId: string;
  grantType: string;
  /**
   * When the token stops being valid, in milliseconds since the epoch (absent for callers without a token): what
   * holds a caller for longer than a request (the order WebSocket) ends then.
   */
  expiresAt?: number;
};
