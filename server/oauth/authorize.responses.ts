import type { Spec } from "../contract/operation.ts";

const LOCATION = { location: "Where the browser goes next" };

/** `/auth`: a page a browser is sent to; it answers with redirects, and refuses with a page (or JSON if asked). */
export const AUTHORIZE = {
  accept: false,
  browser: true,
  responses: {
    302: {
      description:
        "Back to the application's redirect URI: with `code` (Sign-In with Ethereum) or with `error`, and `iss` (RFC 9207)",
      headers: LOCATION,
    },
    307: { description: "To Tokenrail's sign-in and consent screens", headers: LOCATION },
  },
} satisfies Spec;
