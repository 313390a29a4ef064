import { createTransport } from "nodemailer";
import type { Refusal } from "./mail-schedule.ts";

/** The mail as it goes out: the same `Message-ID` on every attempt. */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; messageId: string };

/**
 * How an attempt ended: `sent` (the server took it); `refused` (it did not: a reply to the connection, a command or
 * the message itself, or no connection at all), transient or permanent; or `unknown`, when the conversation broke
 * after the server said to go ahead with the message (354) and before it answered it: the message may have been
 * taken, so it is not tried again (at most once).
 */
export type SendOutcome =
  { kind: "sent" } | { kind: "refused"; refusal: Refusal; reason: string } | { kind: "unknown"; reason: string };

type SmtpError = Error & { code?: string; responseCode?: number; response?: string };

const REASON_MAX = 500;

/**
 * Hands one mail to the SMTP server at `smtpUrl` (smtp:// with STARTTLS where the server offers it, or smtps://;
 * credentials in the URL). A connection a message: mail is sent a few at a time, by a worker, not in a request.
 * `timeoutMs` bounds every wait for the server: connecting and its greeting (a third of it each, at most 10 s) and
 * each reply after.
 */
export async function sendMail(options: {
  smtpUrl: string;
  from: string;
  timeoutMs: number;
  mail: OutgoingMail;
}): Promise<SendOutcome> {
  const { smtpUrl, from, timeoutMs, mail } = options;
  // Whether the server said "go ahead" to the message's data: from then on a silence may be a delivery.
  let dataAccepted = false;
  const watch = (entry: { tnx?: string } | undefined, message: unknown, ...args: unknown[]) => {
    const line = typeof message === "string" && message.includes("%s") ? String(args[0]) : String(message);
    if (entry?.tnx === "server" && /^354\b/.test(line)) dataAccepted = true;
  };
  const quick = Math.min(Math.ceil(timeoutMs / 3), 10_000);
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: quick,
    greetingTimeout: quick,
    socketTimeout: timeoutMs,
    transactionLog: true,
    logger: { debug: watch, info: watch, trace: () => undefined, warn: () => undefined, error: () => undefined },
  });
  try {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
    return { kind: "sent" };
  } catch (error) {
    const err = error as SmtpError;
    const code = err.responseCode;
    const reason = describe(err).slice(0, REASON_MAX);
    if (dataAccepted && !code) return { kind: "unknown", reason };
    return { kind: "refused", refusal: code && code >= 500 ? "permanent" : "transient", reason };
  } finally {
    transport.close();
  }
}

/** The server's code and text when it answered, otherwise what happened to the connection. */
function describe(err: SmtpError): string {
  if (err.responseCode && err.response) return err.response;
  return `${err.code ?? "ERROR"}: ${err.message}`;
}
