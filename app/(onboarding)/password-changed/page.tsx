import Link from "next/link";
import { redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { account as accountCopy } from "@/components/copy/account";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";

export const dynamic = "force-dynamic";

/** Where a password reset ends: signed in with the new password, signed out everywhere else. */
export default async function PasswordChangedPage() {
  const email = (await auth())?.user?.email;
  if (!email) redirect("/sign-in");
  const [before, who, after] = accountCopy.reset.done(email);
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{accountCopy.reset.doneTitle}</h1>
      <div className="card" role="status">
        <p>
          {before}
          <strong>{who}</strong>
          {after}
        </p>
        <Link href="/">{accountCopy.reset.continue}</Link>
      </div>
    </main>
  );
}
