import { auth } from "@/app/auth";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { securityCopy } from "@/components/copy/security";
import { InvitationForm } from "@/components/security/invitation-form";
import { serverClock } from "@/server/clock";
import { readInvitation } from "@/server/operators/accept-invitation";

export const dynamic = "force-dynamic";

/**
 * Where operator invitations lead: a new operator names themselves and chooses a password; an address that has an
 * account signs in first. Then the second factor is enrolled (C57). A used, expired or forged link says so.
 */
export default async function OperatorInvitationPage(props: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: given } = await props.searchParams;
  const token = typeof given === "string" ? given : "";
  const invitation = await readInvitation(token, serverClock());
  const copy = securityCopy.invitation;
  if (!invitation.usable) {
    return (
      <main className="shell narrow">
        <p className="brand">{onboardingCopy.brand}</p>
        <h1>{copy.invalidTitle}</h1>
        <p className="card" role="alert">
          {invitation.message}
        </p>
      </main>
    );
  }
  const signedInAs = (await auth())?.user?.email?.toLowerCase();
  const here = `/operator-invitation?token=${encodeURIComponent(token)}`;
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{copy.title}</h1>
      <p>{copy.lead(invitation.email, invitation.roles.join(", "))}</p>
      <InvitationForm
        token={token}
        mode={invitation.hasAccount ? "existing" : "new"}
        email={invitation.email}
        signInHref={`/sign-in?next=${encodeURIComponent(here)}`}
        signedInAsInvitee={signedInAs === invitation.email}
      />
    </main>
  );
}
