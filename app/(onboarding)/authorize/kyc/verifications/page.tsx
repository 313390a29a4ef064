import { kyc as kycCopy } from "@/components/copy/kyc";
import { ExpiredRequest } from "@/components/onboarding/onboarding-frame";
import { KycScreen } from "@/components/onboarding/kyc/kyc-screen";
import { VerificationsForm, type DocumentSlot } from "@/components/onboarding/kyc/verifications-form";
import type { StepSearchParams } from "../../load-step";
import { loadKycPart, uploadLimits } from "../load-part";

export const dynamic = "force-dynamic";

const text = kycCopy.verifications;

/**
 * The documents the sharing model requires, per profile kind: both sides of a person's ID document; a company's
 * proof of who owns it, with a power of attorney for the person acting if they have one.
 */
const SLOTS: Record<"personal" | "corporate", DocumentSlot[]> = {
  personal: [
    { kind: "idDocument", side: "front", label: `${text.kinds.personal.idDocument}: ${text.front}`, required: true },
    { kind: "idDocument", side: "back", label: `${text.kinds.personal.idDocument}: ${text.back}`, required: true },
  ],
  corporate: [
    { kind: "beneficialOwnership", label: text.kinds.corporate.beneficialOwnership, required: true },
    {
      kind: "powerOfAttorney",
      label: `${text.kinds.corporate.powerOfAttorney} ${text.optional}`,
      required: false,
    },
  ],
};

/** KYC, third part (sharing model): the documents. */
export default async function KycVerifications(props: { searchParams: StepSearchParams }) {
  const loaded = await loadKycPart(props.searchParams, "verifications");
  if (!loaded) return <ExpiredRequest />;
  const { onboarding, profile } = loaded;
  return (
    <KycScreen onboarding={onboarding} parts={loaded.parts} part={loaded.part}>
      <section className="card" aria-labelledby="kyc-heading">
        <h2 id="kyc-heading">{text.heading}</h2>
        <p className="muted">{profile.kind === "corporate" ? text.corporateIntro : text.personalIntro}</p>
        <VerificationsForm
          requestId={onboarding.request.id}
          profileKind={profile.kind}
          slots={SLOTS[profile.kind]}
          limits={uploadLimits(onboarding.request.id)}
          missing={text.missing}
          submitLabel={kycCopy.submit}
          busyLabel={kycCopy.busy}
        />
      </section>
    </KycScreen>
  );
}
