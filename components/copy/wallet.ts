/** The wallet step: connect a browser wallet, choose the chain, sign the link message (or let a Safe sign on chain). */
export const wallet = {
  heading: "Connect your wallet",
  intro:
    "Link the wallet your tokens go to. Your wallet signs a fixed message to prove the address is yours; this costs nothing and moves no funds.",
  required: (app: string) => `${app} asks you to link the address`,
  requiredHint: "Connect the wallet that holds this address.",
  wrongAddress: (required: string, connected: string) =>
    `The connected wallet's address is ${connected}, but this application asks you to link ${required}. Switch to that account in your wallet, or connect another wallet.`,
  autoLinkFailed: (reason: string) =>
    `The address the application sent could not be linked automatically (${reason}). Link it here instead.`,
  linkedHeading: "Linked addresses",
  linkedOn: (chain: string) => `on ${chain}`,
  linkAnother: "You can link another address, or continue.",
  continue: "Continue",
  choose: "Choose your wallet",
  looking: "Looking for wallets in your browser…",
  noWallet: {
    heading: "No browser wallet found",
    body: "Install a browser wallet extension, such as MetaMask, Rabby or Coinbase Wallet, or open this page in your wallet app's browser. Then reload this page.",
    reload: "Reload",
  },
  browserWallet: "Browser wallet",
  connectTo: (name: string) => `Connect ${name}`,
  connecting: "Connecting…",
  connected: (name: string) => `Connected to ${name}:`,
  addressLabel: "address",
  disconnect: "Use another wallet",
  chain: "Chain",
  chainHint: "The tokens for this address are issued on this chain.",
  safe: "My wallet is a Safe (sign on chain)",
  safeHint:
    "Your Safe signs the message in a transaction on the chosen chain; the link completes when the chain reports it.",
  sign: "Sign and link",
  signOnChain: "Link when my Safe signs",
  signing: "Waiting for your wallet…",
  linking: "Linking…",
  failed: "The wallet did not sign",
  waiting: {
    heading: "Waiting for your Safe to sign",
    body: (message: string, chain: string) => `Sign the message "${message}" on ${chain} with the Safe`,
    moveOn: "This page moves on by itself once the chain reports the signature.",
    failed: "Something went wrong while checking the signature. We will keep trying.",
  },
} as const;
