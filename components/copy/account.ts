/** Signing up, signing in (email and password, or a wallet) and setting a password. */
export const account = {
  tabs: { signup: "Create account", login: "Sign in" },
  heading: { signup: "Create your account", login: "Sign in to your account" },
  email: "Email",
  password: "Password",
  submit: { signup: "Create account", login: "Sign in" },
  busy: "Please wait…",
  walletPrompt: "Already linked a wallet?",
  siwe: {
    button: "Sign in with Ethereum",
    busy: "Waiting for your wallet…",
    statement: "Sign in to Tokenrail",
    failed: "The wallet did not sign",
    noAddress: "The wallet shared no address or chain",
  },
} as const;
