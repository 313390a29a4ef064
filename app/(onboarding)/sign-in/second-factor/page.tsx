import { redirect } from "next/navigation";
import { webSession } from "@/app/auth";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { securityCopy } from "@/components/copy/security";
import { EnrolFactor } from "@/components/security/enrol-factor";
import { SecondStep } from "@/components/security/second-step";
import { getConfig } from "@/server/config";
import { mayEnrol } from "@/server/operators/may-enrol";
import { listSecondFactors } from "@/server/operators/second-factors";
import { secondStepFor } from "@/server/operators/second-step";
import { safeNext } from "@/server/users/safe-next";

export const dynamic = "force-dynamic";

/**
 * The second step of an operator's sign-in (C57): a passkey, a code of the authenticator app or a recovery code; an
 * operator who has none yet enrols one here (always after accepting an invitation, `enrol=1`). Then on to `next`.
 */
export default async function SecondFactorPage(props: {
  searchParams: Promise<{ next?: string | string[]; enrol?: string }>;
}) {
  const { next: asked, enrol } = await props.searchParams;
  const next = safeNext(typeof asked === "string" ? asked : undefined, getConfig().appUrl);
  const session = await webSession();
  if (!session) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  if (session.secondFactor) redirect(next);
  const step = await secondStepFor({ userId: session.userId }, getConfig());
  const enrolling = step === "enrol" || (enrol === "1" && step === "none" && (await mayEnrol(session)));
  if (step === "none" && !enrolling) redirect(next);
  return (
    <main className="shell narrow">
      <p className="brand">{onboardingCopy.brand}</p>
      {enrolling ? (
        <>
          <h1>{securityCopy.enrol.title}</h1>
          <p>{securityCopy.enrol.lead}</p>
          <EnrolFactor next={next} />
        </>
      ) : (
        <>
          <h1>{securityCopy.secondStep.title}</h1>
          <p>{securityCopy.secondStep.lead}</p>
          <SecondStep next={next} factors={await listSecondFactors(session.userId)} />
        </>
      )}
    </main>
  );
}
