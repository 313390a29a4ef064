import { account as accountCopy } from "@/components/copy/account";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { AccountForm } from "@/components/onboarding/account-form";
import { getConfig } from "@/server/config";
import { safeNext } from "@/server/users/safe-next";

/** Sign in to the web app (operators, developers, customers), then continue to `next`. */
export default async function SignInPage(props: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await props.searchParams;
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{accountCopy.signInTitle}</h1>
      <AccountForm
        next={safeNext(typeof next === "string" ? next : undefined, getConfig().appUrl)}
        initialMode="login"
        allowSignUp={false}
      />
    </main>
  );
}
