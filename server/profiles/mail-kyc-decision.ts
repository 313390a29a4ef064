import type { Prisma } from "../generated/prisma/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { profileRecipients } from "../mail/profile-recipients.ts";

/** A KYC section as a person reads it. */
function sectionName(section: { section: string; kind: string }): string {
  if (section.section === "details") return "your details";
  if (section.section === "form") return "the KYC form";
  const words = section.kind.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return `the ${words.replace(/^id /, "ID ")} verification`;
}

/**
 * Tells the profile's people, in the transaction of the decision, that their KYC was approved, or what was rejected
 * and why, so they know what to send again.
 */
export async function mailKycDecision(
  tx: Prisma.TransactionClient,
  options: {
    profileId: string;
    outcome: "approved" | "rejected";
    sections: { section: string; kind: string }[];
    reason?: string | null;
  },
): Promise<void> {
  const { emails, applicationId } = await profileRecipients(tx, options.profileId);
  const paragraphs =
    options.outcome === "approved"
      ? [
          "Your identity check (KYC) is approved.",
          "You can now receive and send money with your account: request an IBAN, mint and redeem tokens.",
        ]
      : [
          `Your identity check (KYC) was not approved: ${options.sections.map(sectionName).join(", ")} must be sent again.`,
          `The reviewer's reason: ${options.reason ?? "none given"}`,
          "Correct what the reason names and submit it again; we review it once it arrives.",
        ];
  for (const to of emails) {
    await enqueueMail(tx, {
      to,
      kind: options.outcome === "approved" ? "kyc-approved" : "kyc-rejected",
      subject: options.outcome === "approved" ? "Your account is approved" : "Your identity check needs changes",
      paragraphs,
      ...(applicationId ? { applicationId } : {}),
    });
  }
}
