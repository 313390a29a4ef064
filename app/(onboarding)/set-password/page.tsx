import { copy } from "@/components/copy";
import { SetPasswordForm } from "@/components/onboarding/set-password-form";

/** Where the set-password links of the outbox lead. */
export default async function SetPasswordPage(props: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await props.searchParams;
  return (
    <main className="shell narrow">
      <p className="brand">{copy.onboarding.brand}</p>
      <h1>{copy.account.setPassword.title}</h1>
      <SetPasswordForm token={token} />
    </main>
  );
}
