import type { Payout } from "../../generated/prisma/client.ts";
import type { CounterpartView } from "../../orders/order.responses.ts";
import { isCreditorReference, toSepaText } from "../iso20022/sepa-text.ts";
import type { Payment } from "../iso20022/write-pain001.ts";
import { payoutCounterpartOf, payoutRemittance } from "./payout-text.ts";

/*
 * What a payout says in a payment file: the creditor's name, IBAN and BIC, and the remittance. Texts are brought
 * into the SEPA basic set when the payout is instructed, so what is stored is what the bank receives and no payout
 * can make a later payment file fail.
 */

/** EPC limits: a name 70 characters, unstructured remittance 140. */
const NAME_LENGTH = 70;
const REMITTANCE_LENGTH = 140;

/** SEPA credit transfers are in euros: a payout in another currency cannot go into a pain.001 of ours. */
export const SEPA_CURRENCY = "eur";

/** A name in the SEPA set, cut at the EPC limit. */
export function sepaName(text: string): string {
  return toSepaText(text, NAME_LENGTH);
}

/** The creditor's name as the counterpart gives it (company, name, or first and last name), in the SEPA set. */
export function counterpartName(counterpart: CounterpartView): string {
  const details = counterpart.details;
  const given =
    details.companyName ??
    details.name ??
    [details.firstName, details.lastName].filter((part) => part !== undefined).join(" ");
  return toSepaText(given, NAME_LENGTH);
}

/**
 * The counterpart a payout is made to: the order's, with `details.name` added when it names no one (a redeem to the
 * customer's own account may give no details): the profile's name, else `NOTPROVIDED`, as SEPA needs a name.
 */
export function payoutCounterpart(counterpart: CounterpartView, fallbackName: string): CounterpartView {
  if (counterpartName(counterpart) !== "") return counterpart;
  const name = toSepaText(fallbackName, NAME_LENGTH) || "NOTPROVIDED";
  return { ...counterpart, details: { ...counterpart.details, name } };
}

/**
 * The remittance of a redeem's payout: its reference number (as an ISO 11649 creditor reference when it is one,
 * spaces removed), else its memo, in the SEPA set; the end-to-end id when neither leaves any character.
 */
export function redeemRemittance(order: { referenceNumber: string | null; memo: string }, endToEndId: string): string {
  if (order.referenceNumber !== null) {
    const compact = order.referenceNumber.replace(/\s+/g, "").toUpperCase();
    if (isCreditorReference(compact)) return compact;
  }
  return (
    toSepaText(order.referenceNumber ?? "", REMITTANCE_LENGTH) ||
    toSepaText(order.memo, REMITTANCE_LENGTH) ||
    `Tokenrail ${endToEndId}`
  );
}

/** Unstructured remittance in the SEPA set, cut to its limit. */
export function remittanceText(text: string): string {
  return toSepaText(text, REMITTANCE_LENGTH);
}

/** The payout as a payment of a pain.001 (its instruction id is the payout's id without dashes). */
export function paymentOf(payout: Payout): Payment {
  const counterpart = payoutCounterpartOf(payout);
  const remittance = payoutRemittance(payout);
  if (counterpart.identifier.standard !== "iban") throw new Error(`Payout ${payout.id} is not to an IBAN`);
  if (payout.currency.toLowerCase() !== SEPA_CURRENCY) throw new Error(`Payout ${payout.id} is not in euros`);
  const { iban, bic } = counterpart.identifier;
  return {
    endToEndId: payout.endToEndId,
    instructionId: payout.id.replaceAll("-", ""),
    amountMinor: payout.amountMinor,
    currency: "EUR",
    creditor: { name: counterpartName(counterpart) || "NOTPROVIDED", iban, ...(bic ? { bic } : {}) },
    remittance: isCreditorReference(remittance) ? { creditorReference: remittance } : { unstructured: remittance },
  };
}
