/** Words shared by the developer portal, the operator console and the sandbox simulator. */
export const consoleCopy = {
  brand: "Tokenrail",
  nav: {
    label: "Console",
    developers: "Developers",
    sandbox: "Sandbox simulator",
    demo: "Demo app",
    operator: "Operator",
    signedInAs: "Signed in as",
    emailLabel: "e-mail address",
    signOut: "Sign out",
    signIn: "Sign in",
  },
};
