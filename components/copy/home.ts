/** The home page. */
export const home = {
  title: "Fiat-backed tokens, self-hosted",
  intro:
    "This instance issues e-money tokens against euro payments, onboards customers through KYC and wallet linking, " +
    "and pays out redemptions. Integrators use its OAuth 2 and JSON API.",
  whereTo: "Where to go",
  places: [
    {
      href: "/developers",
      title: "Developer portal",
      text: "Register an application, get its client IDs and secret, subscribe to webhooks and read every delivery.",
      sandboxOnly: false,
    },
    {
      href: "/demo",
      title: "Demo app",
      text: "A small integrator built in: connect with Tokenrail, see the context and balances, redeem with a wallet.",
      sandboxOnly: false,
    },
    {
      href: "/sandbox",
      title: "Sandbox simulator",
      text: "Send euro payments to any IBAN, approve KYC and process orders automatically, move the clock forward.",
      sandboxOnly: true,
    },
    {
      href: "/operator",
      title: "Operator console",
      text: "Review KYC, process or reject orders, grant privileges, watch the ledger and the audit log.",
      sandboxOnly: false,
    },
    {
      href: "/docs",
      title: "Read the API documentation",
      text: "The interactive API reference (try any operation with a token), the OAuth guide and the webhook guide.",
      sandboxOnly: false,
    },
  ],
  newcomer:
    "New here? Sign in to the developer portal with the demo developer printed at start, open the demo app, " +
    "onboard a customer, send them money with the simulator and redeem it — every webhook shows in the portal.",
};
