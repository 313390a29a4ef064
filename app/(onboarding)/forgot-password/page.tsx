import { account as accountCopy } from "@/components/copy/account";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { ForgotPasswordForm } from "@/components/onboarding/forgot-password-form";
import { getConfig } from "@/server/config";
import { safeNext } from "@/server/users/safe-next";

/** "Forgot password?" from the sign-in screens: a link to choose a new one goes to the address, if it has an account. */
export default async function ForgotPasswordPage(props: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await props.searchParams;
  const back = safeNext(typeof next === "string" ? next : undefined, getConfig().appUrl);
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{accountCopy.forgot.title}</h1>
      <ForgotPasswordForm />
      <p>
        <a href={back === "/" ? "/sign-in" : back}>{accountCopy.forgot.backToSignIn}</a>
      </p>
    </main>
  );
}
