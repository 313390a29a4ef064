import { auth } from "@/app/auth";
import { AccountForm } from "@/components/onboarding/account-form";
import { ConsentForm } from "@/components/onboarding/consent-form";
import { SiweSignIn } from "@/components/onboarding/siwe-sign-in";
import { StepList } from "@/components/onboarding/step-list";
import { getConfig } from "@/server/config";
import { decisionToken } from "@/server/oauth/decision-token";
import { describeAuthorizationRequest, grantableProfiles } from "@/server/oauth/describe-authorization-request";
import { onboardingSteps } from "@/server/onboarding/steps";

export const dynamic = "force-dynamic";

/** The onboarding screen an integrator's /auth redirect lands on: account, (later: KYC, wallet, IBAN), consent. */
export default async function AuthorizePage(props: { searchParams: Promise<{ request?: string }> }) {
  const { request: requestId = "" } = await props.searchParams;
  const request = requestId ? await describeAuthorizationRequest(requestId) : undefined;
  if (!request) {
    return (
      <main className="shell narrow">
        <h1>This sign-in link has expired</h1>
        <div className="card" role="alert">
          The request was already answered, is too old, or is not valid. Go back to the application you came from and
          start again.
        </div>
      </main>
    );
  }
  const session = await auth();
  const userId = session?.user?.id;
  const profiles = userId ? await grantableProfiles(userId) : [];
  const steps = onboardingSteps({
    signedIn: Boolean(userId),
    profileApproved: profiles.some((p) => p.state === "approved"),
    skipKyc: request.skipKyc,
    skipCreateAccount: request.skipCreateAccount,
  });
  return (
    <main className="shell narrow">
      <p className="brand">Tokenrail</p>
      <h1>{request.applicationName} wants to connect to your Tokenrail account</h1>
      <StepList steps={steps} />
      {userId ? (
        <>
          <p className="muted">Signed in as {session?.user?.email}</p>
          <ConsentForm
            requestId={request.id}
            token={decisionToken(getConfig().secret, userId, request.id)}
            applicationName={request.applicationName}
            redirectHost={request.redirectHost}
            profiles={profiles}
          />
        </>
      ) : (
        <>
          <AccountForm
            next={`/authorize?request=${encodeURIComponent(request.id)}`}
            email={request.email}
            initialMode={request.authMode ?? "signup"}
          />
          <p className="muted">Already linked a wallet?</p>
          <SiweSignIn next={`/authorize?request=${encodeURIComponent(request.id)}`} appUrl={getConfig().appUrl} />
        </>
      )}
    </main>
  );
}
