/** WalletConnect on the wallet step: pair a phone wallet by QR code, then link as with a browser wallet. */
export const walletConnect = {
  choice: "WalletConnect",
  choiceHint: "Scan a QR code with a wallet app on your phone",
  heading: "Connect with WalletConnect",
  intro:
    "Pair a wallet app on your phone: press the button, then scan the QR code with the app (or open the link on the phone it runs on). Pairing goes through WalletConnect's relay service.",
  start: "Show the QR code",
  starting: "Contacting WalletConnect…",
  scan: "Scan with your wallet app",
  qrLabel: "QR code of the WalletConnect pairing link",
  openLink: "Open in a wallet app on this device",
  copyLink: "Copy the link",
  copied: "Copied",
  waiting: "Waiting for your wallet to approve the connection…",
  relayUnreachable:
    "WalletConnect's relay service could not be reached, so no QR code can be shown. Check your internet connection and try again, or use a browser wallet.",
  failed: (reason: string) => `The connection did not complete: ${reason}`,
  tryAgain: "Try again",
  back: "Use a browser wallet instead",
} as const;
