import Link from "next/link";
import { kyc as kycCopy } from "@/components/copy/kyc";
import { ExpiredRequest } from "@/components/onboarding/onboarding-frame";
import { KycScreen } from "@/components/onboarding/kyc/kyc-screen";
import { VerificationsForm } from "@/components/onboarding/kyc/verifications-form";
import { resumePath } from "@/server/onboarding/step-path";
import { DUE_DILIGENCE } from "@/server/profiles/kyc-rules";
import type { StepSearchParams } from "../../load-step";
import { loadKycPart, uploadLimits } from "../load-part";

export const dynamic = "force-dynamic";

/** KYC in the reliance model, after the details: an optional source-of-funds document, now or later. */
export default async function KycDueDiligence(props: { searchParams: StepSearchParams }) {
  const loaded = await loadKycPart(props.searchParams, "due-diligence");
  if (!loaded) return <ExpiredRequest />;
  const { onboarding, profile } = loaded;
  const text = kycCopy.dueDiligence;
  return (
    <KycScreen onboarding={onboarding} parts={loaded.parts} part={loaded.part}>
      <section className="card" aria-labelledby="kyc-heading">
        <h2 id="kyc-heading">{text.heading}</h2>
        <p className="muted">{text.intro}</p>
        <VerificationsForm
          requestId={onboarding.request.id}
          profileKind={profile.kind}
          slots={[{ kind: DUE_DILIGENCE, label: kycCopy.verifications.document, required: true }]}
          limits={uploadLimits(onboarding.request.id)}
          missing={text.missing}
          submitLabel={text.add}
          busyLabel={kycCopy.busy}
        />
        <p className="skip">
          <Link href={resumePath(onboarding.request.id)}>{text.skip}</Link>
        </p>
      </section>
    </KycScreen>
  );
}
