import { redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { ExpiredRequest } from "@/components/onboarding/onboarding-frame";
import { getConfig } from "@/server/config";
import { autoLinkRequestedAddress } from "@/server/onboarding/auto-link";
import { loadOnboarding } from "@/server/onboarding/onboarding-state";
import { stepPath } from "@/server/onboarding/step-path";

export const dynamic = "force-dynamic";

/**
 * Where an integrator's `/auth` redirect lands, and where every step returns to: sends the person to the first step
 * not yet done. Before the wallet step, an address signed for on `/auth` is linked without asking again.
 */
export default async function AuthorizeRouter(props: { searchParams: Promise<{ request?: string }> }) {
  const { request = "" } = await props.searchParams;
  const userId = (await auth())?.user?.id;
  let onboarding = await loadOnboarding({ requestId: request, userId });
  if (!onboarding) return <ExpiredRequest />;
  if (onboarding.current === "wallet" && onboarding.user) {
    const linked = await autoLinkRequestedAddress({
      onboarding: onboarding as typeof onboarding & { user: { id: string } },
      config: getConfig(),
    });
    if (linked) onboarding = (await loadOnboarding({ requestId: request, userId })) ?? onboarding;
  }
  redirect(stepPath(onboarding.request.id, onboarding.current, onboarding.kyc?.next));
}
