import type { StepName } from "@/server/onboarding/steps";

/** The onboarding frame, the stepper, the profile step and the consent. */
export const onboarding = {
  brand: "Tokenrail",
  title: (app: string) => `${app} wants to connect to your Tokenrail account`,
  expired: {
    title: "This sign-in link has expired",
    body: "The request was already answered, is too old, or is not valid. Go back to the application you came from and start again.",
  },
  stepsLabel: "Onboarding steps",
  steps: {
    account: "Sign in or create an account",
    profile: "Personal or company",
    kyc: "Verify your identity",
    wallet: "Connect your wallet",
    iban: "Get your IBAN",
    consent: "Allow access",
  } satisfies Record<StepName, string>,
  stepStatus: { done: "done", current: "current step", upcoming: "to do", skipped: "skipped" },
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  signedInAs: (email: string) => `Signed in as ${email}`,
  signOut: "Sign out",
  profile: {
    heading: "Who is this account for?",
    intro: "Choose whether you hold the account yourself or open it for a company you represent.",
    personal: "For myself",
    personalHint: "A personal account in your own name.",
    corporate: "For a company",
    corporateHint: "A corporate account; you will tell us about the company and the people behind it.",
    submit: "Continue",
    busy: "Saving…",
    missing: "Choose one of the two",
  },
  consent: {
    heading: (app: string) => `Allow ${app} to access your account?`,
    logo: (app: string) => `${app} logo`,
    intro: (app: string) => `If you allow it, ${app} will be able to:`,
    abilities: [
      "read your profile and its verification status",
      "see your linked wallet addresses, IBANs and balances",
      "see your orders and place redemption orders you sign",
    ],
    returnTo: (host: string) => `You will return to ${host}.`,
    profile: "Profile",
    personalProfile: "Your personal profile",
    kind: { personal: "personal", corporate: "corporate" } as Record<string, string>,
    allow: "Allow",
    deny: "Deny",
    reviewPending: "Your identity check is still under review; the application can see its progress.",
  },
  kycBlocked: {
    heading: "Your profile cannot continue",
    body: "Tokenrail has stopped this profile's onboarding. Contact support if you think this is a mistake.",
    reason: (reason: string) => `Reason given: ${reason}`,
  },
  continue: "Continue",
  back: "Back",
} as const;
