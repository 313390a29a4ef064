import { ExpiredRequest } from "@/components/onboarding/onboarding-frame";
import { CorporateDetailsForm } from "@/components/onboarding/kyc/corporate-details-form";
import { countryOptions } from "@/components/onboarding/kyc/countries";
import { KycScreen } from "@/components/onboarding/kyc/kyc-screen";
import { PersonalDetailsForm } from "@/components/onboarding/kyc/personal-details-form";
import type { StepSearchParams } from "../../load-step";
import { loadKycPart } from "../load-part";

export const dynamic = "force-dynamic";

/** KYC, first part: who the person is, or what the company is and who is behind it. */
export default async function KycDetails(props: { searchParams: StepSearchParams }) {
  const loaded = await loadKycPart(props.searchParams, "details");
  if (!loaded) return <ExpiredRequest />;
  const { onboarding, profile } = loaded;
  const countries = countryOptions();
  return (
    <KycScreen onboarding={onboarding} parts={loaded.parts} part={loaded.part}>
      {profile.kind === "corporate" ? (
        <CorporateDetailsForm requestId={onboarding.request.id} countries={countries} />
      ) : (
        <PersonalDetailsForm requestId={onboarding.request.id} countries={countries} />
      )}
    </KycScreen>
  );
}
