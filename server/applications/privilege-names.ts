/**
 * Extra privileges the operator grants per application (SPEC: "Requires extra privileges"). Names only, with no
 * database behind them, so portal forms in the browser can list them too.
 */
export const PRIVILEGES = {
  /** Create people and profiles: POST /auth/signup, POST /profiles. */
  signUp: "sign_up",
  /** Submit KYC details, form and verifications for profiles it may access. */
  submitKyc: "submit_kyc",
} as const;
export type Privilege = (typeof PRIVILEGES)[keyof typeof PRIVILEGES];
export const ALL_PRIVILEGES: Privilege[] = Object.values(PRIVILEGES);
