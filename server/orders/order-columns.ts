/**
 * What the personal data of orders and of the payments that mint them is sealed for (server/keys/sealed-value.ts):
 * every read and write of these columns seals or opens them with these contexts (./order-text.ts), so a sealed value
 * of another column does not open here.
 */
export const ORDER_COUNTERPART = "Order.counterpart";
export const ORDER_MEMO = "Order.memo";
/** The signed text of a redeem order, which names the payee's IBAN. */
export const ORDER_MESSAGE = "Order.message";
export const INCOMING_MEMO = "IncomingPayment.memo";
export const INCOMING_DEBTOR = "IncomingPayment.debtor";
/** The IBAN credited: a customer's own. */
export const INCOMING_IBAN = "IncomingPayment.iban";
