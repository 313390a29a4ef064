import { account as accountCopy } from "@/components/copy/account";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { SetPasswordForm } from "@/components/onboarding/set-password-form";

/** Where the set-password links of the outbox lead. */
export default async function SetPasswordPage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await props.searchParams;
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{accountCopy.setPassword.title}</h1>
      <SetPasswordForm token={token} />
    </main>
  );
}
