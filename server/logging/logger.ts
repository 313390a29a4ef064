import pino, { type DestinationStream, type Logger } from "pino";
import { getConfig } from "../config.ts";
import { traceFields } from "../telemetry/tracing.ts";
import { tracingWanted } from "../telemetry/tracing-settings.ts";

const holder = globalThis as typeof globalThis & { __tokenrailLogger?: Logger };

/**
 * A structured logger (JSON lines on `destination`, stdout by default). When traces are exported (`traced`), each
 * line written inside a recorded span carries its `traceId` and `spanId`, so a log line leads to its trace.
 */
export function createLogger(options: { level: string; traced: boolean }, destination?: DestinationStream): Logger {
  const settings = {
    name: "tokenrail",
    level: options.level,
    base: { pid: process.pid },
    redact: { paths: ["req.headers.authorization", "*.client_secret", "*.password"], remove: true },
    ...(options.traced ? { mixin: traceFields } : {}),
  };
  return destination ? pino(settings, destination) : pino(settings);
}

/** The process-wide logger. Request handlers log through a child with `reqId`. */
export function logger(): Logger {
  holder.__tokenrailLogger ??= createLogger({ level: getConfig().logLevel, traced: tracingWanted() });
  return holder.__tokenrailLogger;
}
