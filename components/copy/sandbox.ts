/** The sandbox simulator console. */
export const sandboxCopy = {
  title: "Sandbox simulator",
  intro:
    "Drive every flow of the sandbox without a bank, a chain or an operator: pay into an IBAN, let KYC and orders " +
    "settle on their own, sign with a Safe, and move the clock forward. Changes apply to the whole sandbox, for " +
    "everyone using it.",
  failed: "Something went wrong. Try again; if it keeps failing, the server log has the details.",
  signInAgain: "Your session has ended. Sign in again to use the simulator.",
  payment: {
    heading: "Send an incoming payment",
    explain:
      "The simulated bank credits a euro payment to an IBAN the sandbox handed out, whoever holds it. The profile " +
      "gets an issue order and the tokens are minted to the IBAN's wallet, exactly as for a real transfer.",
    iban: "IBAN",
    ibanHint: "As the customer sees it, with or without spaces.",
    amount: "Amount",
    amountHint: "For example 100 or 25.50",
    currency: "Currency",
    currencies: { eur: "EUR (euro)" } as Record<string, string>,
    memo: "Memo (optional)",
    memoHint: "The payment reference. Write chain:0x… to mint to another wallet of the same profile.",
    submit: "Send payment",
    busy: "Sending…",
    resultHeading: "Issue order created",
    resultFacts: {
      order: "Order",
      state: "State",
      amount: "Amount",
      wallet: "Minted to",
      profile: "Profile",
      tx: "Transaction",
    },
    explainResult: (orderId: string) =>
      `The profile's applications see this order at GET /api/orders/${orderId} and in GET /api/orders, with the ` +
      "order.created and order.updated webhooks; the wallet's balance (GET /api/balances) has grown by the amount.",
    operatorLink: "Open the orders queue",
    states: { placed: "Placed", pending: "Pending", processed: "Processed", rejected: "Rejected" } as Record<
      string,
      string
    >,
  },
  automations: {
    heading: "Automations",
    explain: "Stand in for the operator while you test. The delay counts from the submission or the signature.",
    autoApprove: "Approve complete KYC automatically",
    autoApproveHint: (seconds: number) => `Complete submissions are approved ${seconds} s after they arrive.`,
    autoProcess: "Process signed redeem orders automatically",
    autoProcessHint: (seconds: number) => `Signed redeem orders are burned and paid out ${seconds} s after signing.`,
    on: "On",
    off: "Off",
    delay: "Delay in seconds",
    saveDelay: "Save delay",
    delayInvalid: "Enter whole seconds, 0 or more",
    saved: "Saved for the whole sandbox.",
  },
  payout: {
    heading: "Reject or return a payout",
    explain:
      "The simulated bank refuses a processed redeem order's payout to an IBAN: it rejects it while the money has " +
      "not left (a pain.002), or returns it after the debit (a camt.054 return entry). Either way the redeem's " +
      "tokens are minted back, once. Operators only.",
    orderId: "Redeem order id",
    reason: "Reason code",
    reasonHint: "An ISO 20022 reason code: AC04 account closed, AC01 wrong account number, MS03 not specified.",
    reject: "Reject payout",
    return: "Return payout",
    busy: "Sending…",
    resultHeading: "The payout now",
    facts: { state: "State", reason: "Reason", reissue: "Tokens given back in order" },
    statement: "Send today's statement",
    statementExplain:
      "The bank's end-of-day statement (camt.053) of the master account: the day's bookings between its opening " +
      "and closing balances, compared with the ledger on the operator's safeguarding page.",
    statementSent: (entries: number, duplicate: boolean) =>
      duplicate
        ? "Nothing was booked since the last statement: the same statement again, recognised."
        : `Statement sent with ${entries} ${entries === 1 ? "booking" : "bookings"}.`,
    statementLink: "See it among the bank files",
  },
  safe: {
    heading: "Sign with a Safe on chain",
    explain:
      "A Safe that linked an address or placed an order with the signature 0x waits for its SignMsg event on chain. " +
      "Here the sandbox chain emits it: choose the Safe, then complete one of its pending signatures or enter a " +
      "message hash (or the message itself).",
    chain: "Chain",
    address: "Safe address",
    lookUp: "Show pending signatures",
    lookingUp: "Looking…",
    pendingHeading: "Pending signatures of this Safe",
    none: "This Safe has nothing pending to sign.",
    kinds: { linkAddress: "Link address", order: "Redeem order" } as Record<string, string>,
    columns: { kind: "What", message: "Message", expires: "Waits until", action: "Action" },
    complete: "Emit SignMsg",
    what: "Message hash or message",
    whatHint: "0x and 64 hexadecimal characters is taken as the Safe message hash; anything else as the message text.",
    submit: "Emit SignMsg",
    busy: "Emitting…",
    emitted: (msgHash: string, links: number, orders: number) =>
      `SignMsg(${msgHash}) emitted. Address links completed: ${links}. Orders signed: ${orders}.`,
  },
  clock: {
    heading: "Clock",
    explain:
      "Move the sandbox's clock forward to see what time does: access tokens and codes expire, webhook retries " +
      "fall due, Safe signatures lapse. Every instance of the sandbox follows within a few seconds.",
    now: "Sandbox time",
    offset: "Ahead of real time",
    presets: { hour: "+1 hour", day: "+1 day" },
    presetLabel: (what: string) => `Move the clock forward ${what}`,
    custom: "Move forward by",
    count: "How much",
    unit: "Unit",
    units: { minutes: "minutes", hours: "hours", days: "days" },
    submit: "Move forward",
    reset: "Reset to real time",
    resetConfirm:
      "Reset the clock to real time? Whatever was issued in the future (tokens, retries) keeps its times, so " +
      "some things may now wait longer than they would have.",
    busy: "Moving…",
    limit: "The clock can run up to 30 days ahead.",
  },
};
