/**
 * A person signed in to the web app, as the session says: who, and whether this session passed a second factor
 * (a passkey, a TOTP code or a recovery code) after the password. The session itself lives in `app/auth.ts`.
 */
export type WebSession = { userId: string; secondFactor: boolean };

/** Reads the current request's web session (next-auth lives in `app/`, so the caller hands this in). */
export type WebSessionReader = () => Promise<WebSession | undefined>;
