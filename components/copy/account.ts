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
  forgotLink: "Forgot password?",
  verify: {
    heading: "Check your e-mail",
    sent: (email: string) => [
      `We sent a 6-digit code to `,
      email,
      `. Type it here to verify your address and continue.`,
    ],
    note: "The code works for 15 minutes. No mail? Look in your spam folder, or ask for a new code.",
    code: "Verification code",
    submit: "Verify",
    resend: "Send a new code",
    resent: "We sent a new code. The codes sent before no longer work.",
    unverified: (email: string) =>
      `Your e-mail address ${email} is not verified yet. Sign up again with it to get a new code, then type the code to continue.`,
  },
  forgot: {
    title: "Forgot your password?",
    intro:
      "Tell us your e-mail address. If it has a Tokenrail account, we will send it a link to choose a new password.",
    submit: "Send me a link",
    failed: "The request did not go through. Try again in a moment.",
    sent: "If an account uses this address, a link to choose a new password is on its way. It works once, for 30 minutes.",
    backToSignIn: "Back to sign in",
  },
  badLink: {
    title: "This link no longer works",
    message:
      "The link has expired, was already used, or is not one we sent. Links to choose a password work once, for a short time.",
    again: "Ask for a new link",
  },
  reset: {
    title: "Choose a new password",
    doneTitle: "Password changed",
    done: (email: string) => [
      "Your password is changed and you are signed in as ",
      email,
      ". Everywhere else you were signed in, you are signed out.",
    ],
    continue: "Continue",
  },
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
