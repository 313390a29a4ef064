/** The built-in demo integrator (`/demo`): a small client app that uses Tokenrail only through its public API. */
export const demo = {
  brand: "Demo integrator",
  title: "Try Tokenrail as an integrator would",
  intro: [
    "This page is a tiny client application of its own: it sends you through Tokenrail's sign-in and onboarding with OAuth 2 and PKCE, exchanges the code for a token in your browser, and then uses only the public API.",
    "Once connected you see your profile, IBAN and balances, and you can redeem tokens to a bank account with a signature from your wallet.",
  ],
  connect: "Connect with Tokenrail",
  connecting: "Sending you to Tokenrail…",
  openAccount: "Back to your connected account",
  notConfigured:
    "This instance has no demo application (demo data is off), so the demo integrator cannot sign anyone in.",
  otherOrigin:
    "The demo application's redirect URI is registered at another address of this instance. Open the demo there:",
  facts: { client: "Client id", redirect: "Redirect URI", api: "API base URL" },
  home: "Tokenrail home",

  callback: {
    exchanging: "Exchanging the authorization code for a token…",
    problemHeading: "You are not connected",
    denied: "You did not allow the demo application to access your account.",
    badState:
      "The answer from Tokenrail does not belong to a sign-in this page started (the state does not match). Nothing was exchanged.",
    noCode: "Tokenrail sent no authorization code back.",
    signedOut: "You are not connected yet.",
    expired: "Your session with the demo application ended. Connect again to continue.",
    startAgain: "Start again",
    detail: (code: string, description: string) => `${description} (${code})`,
  },

  account: {
    heading: "Connected",
    signedInAs: "Signed in as",
    email: "e-mail address",
    signOut: "Disconnect",
    loading: "Loading your account…",
    profileHeading: "Profile",
    profileLabel: "Profile",
    profileState: "State",
    profileKind: "Kind",
    states: {
      created: "Created: identity check not submitted",
      pending: "Pending: identity check under review",
      approved: "Approved",
      rejected: "Rejected",
      blocked: "Blocked",
    } as Record<string, string>,
    noProfile: "This token reaches no profile.",
  },

  wallets: {
    heading: "Addresses and IBANs",
    address: "Address",
    chains: "Chains",
    iban: "IBAN",
    noAddress: "No linked address yet — finish onboarding to link your wallet.",
    noIban: "No IBAN yet — finish onboarding (an IBAN is issued once the profile is approved).",
    ibanFor: (address: string, chain: string) => `pays into ${short(address)} on ${chain}`,
  },

  balances: {
    heading: "Balances",
    chain: "Chain",
    address: "Address",
    amount: "Balance",
    none: "No balance yet — send money to your IBAN with the sandbox simulator at",
    noneProduction: "No balance yet — pay euros into your IBAN.",
    simulator: "/sandbox",
    amountOf: (amount: string, currency: string) => `${amount} ${currency.toUpperCase()}`,
  },

  orders: {
    heading: "Recent orders",
    none: "No orders yet.",
    placedAt: "Placed",
    kind: "Kind",
    amount: "Amount",
    counterpart: "Counterpart",
    state: "State",
    transaction: "Transaction",
    iban: "IBAN",
    address: "address",
    on: (chain: string) => `on ${chain}`,
    noTransaction: "—",
    kinds: { issue: "Issue", redeem: "Redeem" } as Record<string, string>,
    states: { placed: "Placed", pending: "Pending", processed: "Processed", rejected: "Rejected" } as Record<
      string,
      string
    >,
    caption: "Your latest orders, newest first; refreshed while any is still open.",
  },

  redeem: {
    heading: "Redeem to a bank account",
    intro:
      "Burn tokens at your linked address and have the euros paid to an IBAN. Your wallet signs the order message; Tokenrail checks the signature against the address.",
    from: "From",
    fromOption: (address: string, chain: string) => `${short(address)} on ${chain}`,
    amount: "Amount (EUR)",
    iban: "Payee IBAN",
    firstName: "Payee first name",
    lastName: "Payee last name",
    memo: "Memo (optional)",
    memoHint: "5 to 140 characters, shown on the payee's statement.",
    message: "Message your wallet signs",
    messageLabel: "signed message",
    submit: "Sign and place order",
    signing: "Waiting for your wallet…",
    placing: "Placing the order…",
    walletHeading: "Connect the wallet of the address",
    connected: (name: string) => `Signing with ${name}:`,
    otherWallet: "Use another wallet",
    wrongAddress: (connected: string, from: string) =>
      `The connected wallet is ${connected}; the order redeems from ${from}. Switch your wallet to that account to sign.`,
    signFailed: "The wallet did not sign the order.",
    noAddress: "Link an address during onboarding before redeeming.",
    placedHeading: "Order placed",
    placedSummary: (amount: string, iban: string) => `${amount} EUR to ${iban}`,
    errors: {
      amount: "Enter an amount such as 25 or 25.50 (at most two decimals, more than zero)",
      iban: "Enter the payee's IBAN",
      firstName: "Enter the payee's first name",
      lastName: "Enter the payee's last name",
      memo: "A memo is 5 to 140 characters",
    },
  },

  problem: "Something went wrong",
  retry: "Try again",
} as const;

function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
