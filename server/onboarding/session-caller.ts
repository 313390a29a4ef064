import { PERSON_IN_APP, type Caller } from "../oauth/caller.ts";
import type { Onboarding } from "./onboarding-state.ts";

/**
 * The person in Tokenrail's own onboarding screens, as a caller of the domain's use cases: they act on their own
 * profiles (all of them, granted to an application or not) in the context of the application whose onboarding they
 * came through. No token stands behind it; the web session authenticated them.
 */
export function personCaller(onboarding: Onboarding & { user: { id: string } }): Caller {
  return {
    tokenId: `web-session:${onboarding.request.id}`,
    clientId: onboarding.request.clientId,
    applicationId: onboarding.request.applicationId,
    userId: onboarding.user.id,
    profileId: onboarding.profile?.id ?? "",
    grantType: PERSON_IN_APP,
  };
}
