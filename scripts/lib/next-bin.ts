import path from "node:path";

/** The Next.js CLI, run with `node` directly so signals reach the server process itself. */
export const NEXT_BIN = path.resolve("node_modules", "next", "dist", "bin", "next");

/**
 * `next start` keeps idle connections for 65 s instead of Node's 5 s. Clients that pool connections (load balancers
 * with a 60 s idle timeout, test runners) may send on a connection the server is closing at that very moment, which
 * they see as ECONNRESET; the server must outlast the clients' idle time.
 */
export const KEEP_ALIVE_ARGS = ["--keepAliveTimeout", "65000"];
