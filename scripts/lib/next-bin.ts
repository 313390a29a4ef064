import path from "node:path";

/** The Next.js CLI, run with `node` directly so signals reach the server process itself. */
export const NEXT_BIN = path.resolve("node_modules", "next", "dist", "bin", "next");
