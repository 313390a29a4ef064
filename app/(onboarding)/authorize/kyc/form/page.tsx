import { ExpiredRequest } from "@/components/onboarding/onboarding-frame";
import { CorporateFormForm } from "@/components/onboarding/kyc/corporate-form";
import { countryOptions } from "@/components/onboarding/kyc/countries";
import { KycScreen } from "@/components/onboarding/kyc/kyc-screen";
import { PersonalFormForm } from "@/components/onboarding/kyc/personal-form";
import { eddCountriesOf } from "@/server/profiles/enhanced-due-diligence";
import type { StepSearchParams } from "../../load-step";
import { loadKycPart } from "../load-part";

export const dynamic = "force-dynamic";

/** KYC, second part (sharing model): how the account will be used. */
export default async function KycForm(props: { searchParams: StepSearchParams }) {
  const loaded = await loadKycPart(props.searchParams, "form");
  if (!loaded) return <ExpiredRequest />;
  const { onboarding, profile } = loaded;
  // A person of a high-risk nationality or residence is asked the enhanced due diligence questions too.
  const edd = profile.kind === "personal" ? await eddCountriesOf(profile.id) : [];
  return (
    <KycScreen onboarding={onboarding} parts={loaded.parts} part={loaded.part}>
      {profile.kind === "corporate" ? (
        <CorporateFormForm requestId={onboarding.request.id} />
      ) : (
        <PersonalFormForm requestId={onboarding.request.id} countries={countryOptions()} edd={edd} />
      )}
    </KycScreen>
  );
}
