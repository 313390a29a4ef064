import { randomBytes } from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";

/**
 * Benchmark P2′'s reference: node-oidc-provider's token endpoint, in its own process beside the app. One
 * confidential client with the client-credentials grant enabled, authenticating with `client_secret_post` like the
 * requests P2 sends to Tokenrail. Everything else is the library's default: its in-memory adapter (an LRU cache, so
 * tokens live in this process's memory and nothing is written to a database) and, for client credentials, its
 * default opaque access tokens. Configured by PORT, BENCH_CLIENT_ID and BENCH_CLIENT_SECRET; prints
 * `OIDC_READY <issuer>` once listening.
 */

const port = Number(process.env.PORT);
const clientId = process.env.BENCH_CLIENT_ID;
const clientSecret = process.env.BENCH_CLIENT_SECRET;
if (!port || !clientId || !clientSecret) throw new Error("PORT, BENCH_CLIENT_ID and BENCH_CLIENT_SECRET are required");

const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      grant_types: ["client_credentials"],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  cookies: { keys: [randomBytes(32).toString("base64url")] },
  features: { clientCredentials: { enabled: true }, devInteractions: { enabled: false } },
});

const server = http.createServer(provider.callback());
await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
process.stdout.write(`OIDC_READY ${issuer}\n`);
