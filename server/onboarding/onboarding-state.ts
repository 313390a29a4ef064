import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { KycModel, ProfileKind, ProfileState } from "../generated/prisma/enums.ts";
import type { SectionStatus } from "../profiles/kyc-rules.ts";
import { mustVerifyEmail } from "../users/email-verification-gate.ts";
import {
  currentStep,
  kycParts,
  mayVisit,
  nextKycPart,
  onboardingSteps,
  type KycPart,
  type KycPartStatus,
  type Step,
  type StepName,
} from "./steps.ts";
import { openEmail } from "../users/user-email.ts";
import { withIbanOpened } from "../ibans/iban-number.ts";
import { openStateReason, withNameOpened } from "../profiles/profile-name.ts";
import { requestEmail } from "../oauth/request-email.ts";

export type OnboardingProfile = {
  id: string;
  kind: ProfileKind;
  name: string;
  state: ProfileState;
  kycModel: KycModel;
  stateReason: string | null;
  sections: SectionStatus[];
};

/** Everything the onboarding screens show and decide on, for one authorization request and the signed-in person. */
export type Onboarding = {
  request: {
    id: string;
    clientId: string;
    applicationId: string;
    applicationName: string;
    /** The application's logo (its File id), shown on the consent screen. */
    applicationLogoId?: string;
    kycModel: KycModel;
    redirectHost: string;
    email?: string;
    authMode?: "login" | "signup";
    skipKyc: boolean;
    skipCreateAccount: boolean;
    /** `address` (and `chain`, `signature`) from `/auth`: the address the person must link. */
    address?: string;
    chain?: string;
    signature?: string;
    autoLinkError?: string;
  };
  /** The signed-in person, once their e-mail address is verified (before that, no step past the account is open). */
  user?: { id: string; email: string };
  /** A signed-in person whose e-mail address is not verified yet: the account step sends them to verify it. */
  unverifiedEmail?: string;
  profile?: OnboardingProfile;
  kyc?: { parts: KycPartStatus[]; next?: KycPart };
  addresses: { address: string; chain: string }[];
  /** On-chain (Safe) link signatures the service is waiting for. */
  pendingLinks: { address: string; chain: string; expiresAt: Date }[];
  iban?: { iban?: string; bic?: string; state: string; address: string; chain: string };
  steps: Step[];
  current: StepName;
  /** The IBAN step cannot finish until the operator approves the profile; the person may go on meanwhile. */
  ibanWaitsForApproval: boolean;
};

const PROFILE_SELECT = {
  id: true,
  kind: true,
  name: true,
  state: true,
  kycModel: true,
  stateReason: true,
  submissions: { select: { section: true, kind: true, state: true } },
} as const;

/**
 * The onboarding of request `requestId` as the person `userId` (if signed in) stands now; undefined when the request
 * is unknown, answered or expired. The profile it is for: the one chosen on the profile step, else the person's
 * approved profile, else the one whose KYC is under way, else the one chosen in their latest onboarding; with
 * `skip_kyc`, the person's first profile.
 */
export async function loadOnboarding(options: {
  requestId: string;
  userId?: string;
  clock?: Clock;
}): Promise<Onboarding | undefined> {
  const { requestId, userId, clock = serverClock } = options;
  if (!requestId) return undefined;
  const prisma = await db();
  const row = await prisma.authorizationRequest.findUnique({
    where: { id: requestId },
    include: {
      client: { select: { application: { select: { id: true, name: true, kycModel: true, logoFileId: true } } } },
    },
  });
  if (!row || row.completedAt || row.expiresAt.getTime() <= clock().getTime()) return undefined;
  const request: Onboarding["request"] = {
    id: row.id,
    clientId: row.clientId,
    applicationId: row.client.application.id,
    applicationName: row.client.application.name,
    applicationLogoId: row.client.application.logoFileId ?? undefined,
    kycModel: row.client.application.kycModel,
    redirectHost: new URL(row.redirectUri).host,
    email: requestEmail(row),
    authMode: row.authMode === "login" || row.authMode === "signup" ? row.authMode : undefined,
    skipKyc: row.skipKyc,
    skipCreateAccount: row.skipCreateAccount,
    address: row.address ?? undefined,
    chain: row.chain ?? undefined,
    signature: row.signature ?? undefined,
    autoLinkError: row.autoLinkError ?? undefined,
  };

  const person = userId
    ? await prisma.user.findUnique({
        where: { id: userId },
        select: { id: true, email: true, emailVerifiedAt: true, passwordHash: true },
      })
    : null;
  // C56: a person who signed up on the screens and has not verified the address is not signed in for onboarding.
  const unverified = person !== null && mustVerifyEmail(person);
  const email = person ? openEmail(person.email) : undefined;
  const user = person && !unverified ? { id: person.id, email: email! } : null;
  let profile: OnboardingProfile | undefined;
  if (user) {
    const memberships = await prisma.profileMember.findMany({
      where: { userId: user.id, perms: { has: "write" } },
      select: { profile: { select: PROFILE_SELECT } },
      orderBy: { createdAt: "asc" },
    });
    const profiles = memberships.map(({ profile: { submissions, ...p } }) => ({
      ...withNameOpened(p),
      stateReason: openStateReason(p.stateReason),
      sections: submissions,
    }));
    profile =
      profiles.find((p) => p.id === row.profileId) ??
      (row.skipKyc
        ? profiles[0]
        : (profiles.find((p) => p.state === "approved") ??
          profiles.find((p) => p.state !== "created") ??
          (await lastChosen(profiles))));
  }

  const [addresses, pendingLinks, iban] = profile
    ? await Promise.all([
        prisma.address.findMany({
          where: { profileId: profile.id },
          select: { address: true, chain: true },
          orderBy: { linkedAt: "asc" },
        }),
        prisma.pendingSignature.findMany({
          where: { profileId: profile.id, kind: "linkAddress", completedAt: null, expiresAt: { gt: clock() } },
          select: { address: true, chain: true, expiresAt: true },
          orderBy: { createdAt: "asc" },
        }),
        prisma.iban.findUnique({
          where: { profileId: profile.id },
          select: { iban: true, bic: true, state: true, address: true, chain: true },
        }),
      ])
    : [[], [], null];

  const steps = onboardingSteps({
    signedIn: user !== null,
    skipKyc: row.skipKyc,
    skipCreateAccount: row.skipCreateAccount,
    profile,
    linkedAddresses: addresses.length,
    ibanProvisioned: Boolean(iban?.iban),
  });
  const parts = profile ? kycParts(profile) : undefined;
  return {
    request,
    user: user ?? undefined,
    unverifiedEmail: unverified ? email : undefined,
    profile,
    kyc: parts ? { parts, next: nextKycPart(parts) } : undefined,
    addresses,
    pendingLinks,
    iban: iban
      ? {
          iban: withIbanOpened(iban).iban ?? undefined,
          bic: iban.bic ?? undefined,
          state: iban.state,
          address: iban.address,
          chain: iban.chain,
        }
      : undefined,
    steps,
    current: currentStep(steps),
    ibanWaitsForApproval: profile !== undefined && profile.state !== "approved" && !iban,
  };
}

/** The profile the person chose in their latest onboarding, so a new link resumes with it. */
async function lastChosen<P extends { id: string }>(profiles: P[]): Promise<P | undefined> {
  if (profiles.length === 0) return undefined;
  const prisma = await db();
  const latest = await prisma.authorizationRequest.findFirst({
    where: { profileId: { in: profiles.map((p) => p.id) } },
    orderBy: { createdAt: "desc" },
    select: { profileId: true },
  });
  return profiles.find((p) => p.id === latest?.profileId);
}

/** Whether the person may be on `step` of this onboarding now. */
export function canVisit(onboarding: Onboarding, step: StepName): boolean {
  return mayVisit(onboarding.steps, step, { ibanWaitsForApproval: onboarding.ibanWaitsForApproval });
}
