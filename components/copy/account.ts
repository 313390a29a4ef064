/** Signing up, signing in (email and password, or a wallet) and setting a password. */
export const account = {
  tabs: { signup: "Create account", login: "Sign in" },
  heading: { signup: "Create your account", login: "Sign in to your account" },
  email: "Email",
  password: "Password",
  submit: { signup: "Create account", login: "Sign in" },
  busy: "Please wait…",
  signInTitle: "Sign in",
  wrongPassword: "Wrong email or password.",
  rateLimited: "Too many failed attempts. Wait a few minutes and try again.",
  siweRefused: (reason: string) => `The wallet's signature did not sign you in: ${reason}.`,
  setPassword: {
    title: "Set your password",
    password: "New password",
    repeat: "Repeat it",
    differ: "The passwords differ",
    submit: "Set password",
    done: (email: string) => [
      "Your password is set. Sign in as ",
      email,
      " the next time an application sends you here.",
    ],
  },
  walletPrompt: "Already linked a wallet?",
  siwe: {
    button: "Sign in with Ethereum",
    busy: "Waiting for your wallet…",
    statement: "Sign in to Tokenrail",
    failed: "The wallet did not sign",
    noAddress: "The wallet shared no address or chain",
  },
} as const;
