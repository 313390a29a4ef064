/**
 * The onboarding steps between the integrator's redirect and the consent, in order. The profile's state and the
 * request's skip flags decide which apply; steps whose screens are not built yet are listed as `later` so the
 * person knows the integrator will finish them through the API.
 */
export type StepName = "account" | "kyc" | "wallet" | "iban" | "consent";
export type Step = { name: StepName; label: string; status: "done" | "current" | "upcoming" | "skipped" | "later" };

const AVAILABLE: ReadonlySet<StepName> = new Set(["account", "consent"]);

export function onboardingSteps(options: {
  signedIn: boolean;
  profileApproved: boolean;
  skipKyc: boolean;
  skipCreateAccount: boolean;
}): Step[] {
  const plan: { name: StepName; label: string; applies: boolean; done: boolean }[] = [
    { name: "account", label: "Sign in or create an account", applies: true, done: options.signedIn },
    { name: "kyc", label: "Verify your identity", applies: !options.skipKyc, done: options.profileApproved },
    { name: "wallet", label: "Connect your wallet", applies: !options.skipCreateAccount, done: false },
    { name: "iban", label: "Get your IBAN", applies: !options.skipCreateAccount, done: false },
    { name: "consent", label: "Allow access", applies: true, done: false },
  ];
  let current = false;
  return plan.map(({ name, label, applies, done }) => {
    if (!applies) return { name, label, status: "skipped" };
    if (done) return { name, label, status: "done" };
    if (!AVAILABLE.has(name)) return { name, label, status: "later" };
    if (!current) {
      current = true;
      return { name, label, status: "current" };
    }
    return { name, label, status: "upcoming" };
  });
}
