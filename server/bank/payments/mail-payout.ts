import type { Payout, Prisma } from "../../generated/prisma/client.ts";
import { enqueueMail } from "../../mail/enqueue-mail.ts";
import { profileRecipients } from "../../mail/profile-recipients.ts";
import { displayAmount } from "../../money/display.ts";
import { payoutCounterpartOf, payoutRemittance } from "./payout-text.ts";

/**
 * Tells the people of a redeem's profile, in the transaction that moved its payout, that the bank paid it out
 * (`debited`) or that it came back (`returned`, the tokens given back). A credit returned to its sender tells no
 * one: its sender is no customer of ours.
 */
export async function mailPayout(
  tx: Prisma.TransactionClient,
  payout: Payout,
  state: "debited" | "returned",
): Promise<void> {
  if (payout.orderId === null) return;
  const order = await tx.order.findUniqueOrThrow({ where: { id: payout.orderId }, select: { profileId: true } });
  const { emails, applicationId } = await profileRecipients(tx, order.profileId);
  const amount = displayAmount(payout.amountMinor, payout.currency);
  const counterpart = payoutCounterpartOf(payout) as {
    identifier?: { iban?: string };
    details?: { name?: string };
  } | null;
  const to = [counterpart?.details?.name, counterpart?.identifier?.iban].filter(Boolean).join(", ");
  const message =
    state === "debited"
      ? {
          kind: "payout-sent",
          subject: `${amount} is on its way`,
          paragraphs: [
            `The bank sent your payout of ${amount}${to ? ` to ${to}` : ""}.`,
            `Its reference: ${payoutRemittance(payout) || payout.endToEndId}.`,
          ],
        }
      : {
          kind: "payout-returned",
          subject: `Your payout of ${amount} came back`,
          paragraphs: [
            `Your payout of ${amount}${to ? ` to ${to}` : ""} was returned by the receiving bank${payout.reasonCode ? ` (reason ${payout.reasonCode})` : ""}.`,
            "The tokens you redeemed are given back to your address.",
          ],
        };
  for (const recipient of emails) {
    await enqueueMail(tx, { to: recipient, ...message, ...(applicationId ? { applicationId } : {}) });
  }
}
