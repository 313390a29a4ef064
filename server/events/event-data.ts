/**
 * What a domain event's data is sealed for (server/keys/sealed-value.ts): the order, profile or IBAN it carries is
 * the customer's, so `DomainEvent.data` holds it sealed, and so does every webhook delivery's body made from it
 * (server/webhooks/webhook-body.ts).
 */
export const EVENT_DATA = "DomainEvent.data";
