/** The code the OAuth guide shows, by step. `{base}` and `{app}` are replaced with this instance's URLs. */

export const PKCE_NODE = `import { createHash, randomBytes } from "node:crypto";

const BASE = "{base}";
const CLIENT_ID = process.env.TOKENRAIL_CODE_CLIENT_ID; // the authorization-code client
const REDIRECT_URI = "https://example.com/callback"; // registered for the application

// 1. A verifier (43 to 128 characters), its S256 challenge, and a state to check on the way back.
const verifier = randomBytes(32).toString("base64url");
const challenge = createHash("sha256").update(verifier).digest("base64url");
const state = randomBytes(16).toString("base64url");
// Keep verifier and state in the person's session, then send the browser to:
const authorize = new URL(\`\${BASE}/auth\`);
authorize.search = new URLSearchParams({
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  code_challenge: challenge,
  code_challenge_method: "S256",
  state,
}).toString();`;

export const EXCHANGE_NODE = `// 2. On REDIRECT_URI: ?code=…&state=… — compare state with the one you kept, then exchange the code.
const callback = new URL(requestUrl);
if (callback.searchParams.get("state") !== state) throw new Error("state does not match");
const res = await fetch(\`\${BASE}/auth/token\`, {
  method: "POST",
  body: new URLSearchParams({
    grant_type: "authorization_code",
    client_id: CLIENT_ID,
    code: callback.searchParams.get("code"),
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
  }),
});
const tokens = await res.json(); // { access_token, token_type: "Bearer", expires_in: 3600, refresh_token, profile, userId }`;

export const EXCHANGE_CURL = `curl -s {base}/auth/token \\
  -d grant_type=authorization_code -d client_id=$CODE_CLIENT_ID \\
  -d code=$CODE -d code_verifier=$VERIFIER -d redirect_uri=https://example.com/callback`;

export const CLIENT_CREDENTIALS_CURL = `curl -s {base}/auth/token \\
  -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET`;

export const CLIENT_CREDENTIALS_NODE = `const res = await fetch("{base}/auth/token", {
  method: "POST",
  body: new URLSearchParams({
    grant_type: "client_credentials",
    client_id: process.env.TOKENRAIL_CLIENT_ID,
    client_secret: process.env.TOKENRAIL_CLIENT_SECRET,
  }),
});
const { access_token, expires_in } = await res.json();
const context = await fetch("{base}/auth/context", {
  headers: { authorization: \`Bearer \${access_token}\`, accept: "application/vnd.{vendor}.api-v2+json" },
}).then((r) => r.json());`;

export const REFRESH_CURL = `curl -s {base}/auth/token \\
  -d grant_type=refresh_token -d client_id=$CODE_CLIENT_ID -d refresh_token=$REFRESH_TOKEN`;

export const SIWE_MESSAGE = `example.com wants you to sign in with your Ethereum account:
0x2031…1062

Allow example.com to access my data on Tokenrail

URI: https://example.com/callback
Version: 1
Chain ID: 11155111
Nonce: 8f3kq0z1t6ad
Issued At: 2026-11-25T09:30:00.000Z
Expiration Time: 2026-11-25T09:35:00.000Z
Resources:
- {app}/siwe`;

export const SIWE_CURL = `curl -s -o /dev/null -w '%{redirect_url}\\n' {base}/auth \\
  --data-urlencode client_id=$CODE_CLIENT_ID \\
  --data-urlencode redirect_uri=https://example.com/callback \\
  --data-urlencode code_challenge=$CHALLENGE -d code_challenge_method=S256 \\
  -d authentication_method=siwe \\
  --data-urlencode message@siwe-message.txt --data-urlencode signature=$SIGNATURE
# → https://example.com/callback?code=…  (then exchange the code as in step 2)`;

/** A snippet with this instance's URLs and media-type vendor in place of the placeholders. */
export function withInstance(snippet: string, instance: { base: string; app: string; vendor: string }): string {
  return snippet
    .replaceAll("{base}", instance.base)
    .replaceAll("{app}", instance.app)
    .replaceAll("{vendor}", instance.vendor);
}
