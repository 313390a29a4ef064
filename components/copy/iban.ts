/** The IBAN step. */
export const iban = {
  heading: "Get your IBAN",
  intro: "Euro payments to your IBAN arrive as tokens in the wallet you choose.",
  target: "Pay into",
  targetOption: (chain: string, address: string) => `${address.slice(0, 6)}…${address.slice(-4)} on ${chain}`,
  request: "Request my IBAN",
  requesting: "Requesting…",
  provisioning: "Your IBAN is being set up. This usually takes a few seconds.",
  ready: "Your IBAN is ready",
  ibanLabel: "IBAN",
  bicLabel: "BIC",
  paysInto: (chain: string) => `Payments arrive as tokens on ${chain} at this address:`,
  addressLabel: "address",
  reviewHeading: "Your identity check is under review",
  reviewBody:
    "An IBAN can be issued once your profile is approved. You can continue now; your IBAN can be requested later, and the application can request it for you.",
  rejectedBody: "Your profile was not approved, so no IBAN can be issued. Continue, and contact support to resolve it.",
  continue: "Continue",
  continueWithout: "Continue without an IBAN for now",
  failed: "Something went wrong while checking your IBAN. We will keep trying.",
} as const;
