import { account as accountCopy } from "@/components/copy/account";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { SetPasswordForm } from "@/components/onboarding/set-password-form";
import { checkPasswordLink } from "@/server/users/set-password";
import { accountRequest } from "../action-context";

export const dynamic = "force-dynamic";

/** Where the set-password and reset links of the mail lead; a link that no longer works says so at once. */
export default async function SetPasswordPage(props: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: given } = await props.searchParams;
  const token = typeof given === "string" ? given : "";
  const link = await accountRequest(() => checkPasswordLink(token));
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      {link.valid ? (
        <>
          <h1>{link.purpose === "reset" ? accountCopy.reset.title : accountCopy.setPassword.title}</h1>
          <SetPasswordForm token={token} />
        </>
      ) : (
        <>
          <h1>{accountCopy.badLink.title}</h1>
          <div className="card" role="alert">
            <p>{accountCopy.badLink.message}</p>
            <p>
              <a href="/forgot-password">{accountCopy.badLink.again}</a>
            </p>
          </div>
        </>
      )}
    </main>
  );
}
