import pino, { type Logger } from "pino";
import { getConfig } from "../config.ts";

const holder = globalThis as typeof globalThis & { __tokenrailLogger?: Logger };

/** The process-wide structured logger (JSON lines on stdout). Request handlers log through a child with `reqId`. */
export function logger(): Logger {
  holder.__tokenrailLogger ??= pino({
    name: "tokenrail",
    level: getConfig().logLevel,
    base: { pid: process.pid },
    redact: { paths: ["req.headers.authorization", "*.client_secret", "*.password"], remove: true },
  });
  return holder.__tokenrailLogger;
}
