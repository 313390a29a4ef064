import { redirect } from "next/navigation";
import { getConfig } from "@/server/config";
import { ACCEPTED_TYPES } from "@/server/files/sniff";
import { resumePath } from "@/server/onboarding/step-path";
import type { KycPart } from "@/server/onboarding/steps";
import type { UploadLimits } from "@/components/onboarding/kyc/document-upload";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

/**
 * The onboarding as a KYC part's screen sees it. A part the profile's KYC model does not have, or one already
 * approved, is not shown: the router sends the person on.
 */
export async function loadKycPart(searchParams: StepSearchParams, name: KycPart) {
  const onboarding = await loadSignedInStep(searchParams, "kyc");
  if (!onboarding) return undefined;
  const parts = onboarding.kyc?.parts ?? [];
  const part = parts.find((p) => p.part === name);
  const profile = onboarding.profile;
  if (!profile || !part || part.state === "approved") redirect(resumePath(onboarding.request.id));
  return { onboarding, profile, parts, part };
}

/** Where and what the document uploads of this request may send: the server's own limits. */
export function uploadLimits(requestId: string): UploadLimits {
  return {
    uploadUrl: `/authorize/files?request=${encodeURIComponent(requestId)}`,
    sizeLimit: getConfig().files.sizeLimit,
    acceptedTypes: ACCEPTED_TYPES,
  };
}
