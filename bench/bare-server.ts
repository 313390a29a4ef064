import http from "node:http";
import { randomUUID } from "node:crypto";
import { getConfig } from "../server/config.ts";
import { isAppError } from "../server/errors.ts";
import { errorBody } from "../server/http/respond.ts";
import { STATUS } from "../server/http/status-table.ts";
import { boot } from "../server/instance/boot.ts";
import { logger } from "../server/logging/logger.ts";
import { authenticateBearer } from "../server/oauth/authenticate-bearer.ts";
import { getAuthContext } from "../server/oauth/get-auth-context.ts";
import { issueClientCredentialsToken } from "../server/oauth/issue-client-credentials-token.ts";

/**
 * Benchmark P1's baseline: GET /api/auth/context served by the same domain functions as the Next route, behind a
 * bare node:http server. The difference to the Next route is the framework's cost. It logs one line per request,
 * like the Next wrapper, so logging costs the same on both sides. Configured by the same environment as the app
 * (TOKENRAIL_DATA_DIR, PORT, LOG_LEVEL, TOKENRAIL_DEMO_*); prints `BENCH_TOKEN <access token>` once listening.
 */

const PATH = "/api/auth/context";

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = performance.now();
  const requestId = randomUUID();
  const log = logger().child({ reqId: requestId });
  let status = 200;
  let body: unknown;
  try {
    if (req.method !== "GET" || !req.url?.startsWith(PATH)) {
      status = 404;
      body = { code: 404, status: "Not Found", message: "Only GET /api/auth/context is served here" };
    } else {
      body = await getAuthContext(await authenticateBearer(req.headers.authorization ?? null));
    }
  } catch (error) {
    if (!isAppError(error)) throw error;
    status = STATUS[error.code].status;
    body = errorBody(error);
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "x-request-id": requestId });
  res.end(JSON.stringify(body));
  log.info({ method: req.method, path: PATH, status, ms: +(performance.now() - started).toFixed(2) }, "request");
}

await boot();
const config = getConfig();
const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    logger().error({ err: error }, "unhandled error");
    res.writeHead(500).end();
  });
});
await new Promise<void>((resolve) => server.listen(config.port, "127.0.0.1", resolve));

const token = await issueClientCredentialsToken({
  clientId: config.demo.clientId,
  clientSecret: config.demo.clientSecret,
});
process.stdout.write(`BENCH_TOKEN ${token.access_token}\n`);
