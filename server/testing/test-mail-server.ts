import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * How a test mail server answers: `accept` stores each message; `refuse` answers the recipient with an SMTP reply
 * (`451 4.3.0 try later`, `550 5.1.1 no such mailbox`); `stall-after-data` takes the message and never answers it
 * (as if the server hung after the data); `stall-before-data` never answers the DATA command itself.
 */
export type MailServerBehaviour = "accept" | "stall-after-data" | "stall-before-data" | { refuse: string };

export type TestMailServer = {
  /** `smtp://user:password@127.0.0.1:<port>`, as TOKENRAIL_SMTP_URL. */
  url: string;
  port: number;
  /** Messages whose data it received (stored or not), one per recipient. */
  received: () => number;
  close: () => Promise<void>;
};

export const TEST_SMTP_USER = "tokenrail";
export const TEST_SMTP_PASSWORD = "mail-test-password";

/** Where a recipient's messages are stored under a mailbox directory: one folder per address. */
export function recipientDir(dir: string, to: string): string {
  return path.join(dir, encodeURIComponent(to.toLowerCase()));
}

/**
 * A real SMTP server for tests (smtp-server), on 127.0.0.1, requiring the test credentials (plain text, no TLS).
 * With `dir`, each accepted message is stored as raw .eml in the recipient's folder (`recipientDir`), named by the
 * time it arrived, written whole before it appears (renamed into place), so readers in other processes never see a
 * part of one.
 */
export async function startTestMailServer(
  options: { dir?: string; port?: number; behaviour?: MailServerBehaviour } = {},
): Promise<TestMailServer> {
  const { dir, behaviour = "accept" } = options;
  if (behaviour === "stall-before-data") return stallBeforeData(options.port ?? 0);
  let received = 0;
  const server = new SMTPServer({
    name: "mail.test",
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === TEST_SMTP_USER && auth.password === TEST_SMTP_PASSWORD) {
        callback(null, { user: auth.username });
      } else callback(Object.assign(new Error("Invalid credentials"), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, callback) {
      if (typeof behaviour === "object") {
        const [code, ...text] = behaviour.refuse.split(" ");
        callback(Object.assign(new Error(text.join(" ")), { responseCode: Number(code) }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received += session.envelope.rcptTo.length;
        if (behaviour === "stall-after-data") return; // never answers: the client waits for its reply
        if (dir) {
          const raw = Buffer.concat(chunks);
          for (const rcpt of session.envelope.rcptTo) store(dir, rcpt.address, raw);
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on("error", reject);
    server.server.listen(options.port ?? 0, "127.0.0.1", () =>
      resolve((server.server.address() as net.AddressInfo).port),
    );
  });
  return {
    url: `smtp://${TEST_SMTP_USER}:${TEST_SMTP_PASSWORD}@127.0.0.1:${port}`,
    port,
    received: () => received,
    close: () => {
      for (const connection of server.connections as Set<{ close?: () => void }>) connection.close?.();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function store(dir: string, to: string, raw: Buffer): void {
  const folder = recipientDir(dir, to);
  fs.mkdirSync(folder, { recursive: true });
  const name = `${Date.now()}-${randomBytes(6).toString("hex")}.eml`;
  const temporary = path.join(folder, `.${name}.part`);
  fs.writeFileSync(temporary, raw);
  fs.renameSync(temporary, path.join(folder, name));
}

/** A server that greets, takes the envelope, and then never answers the DATA command. */
async function stallBeforeData(port: number): Promise<TestMailServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    socket.write("220 mail.test ESMTP\r\n");
    let buffered = "";
    socket.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("latin1");
      let end: number;
      while ((end = buffered.indexOf("\r\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const verb = line.split(" ")[0]!.toUpperCase();
        if (verb === "EHLO") socket.write("250-mail.test\r\n250 AUTH PLAIN LOGIN\r\n");
        else if (verb === "AUTH") socket.write("235 2.7.0 Accepted\r\n");
        else if (verb === "QUIT") socket.end("221 Bye\r\n");
        else if (verb !== "DATA") socket.write("250 OK\r\n");
      }
    });
  });
  const actual = await new Promise<number>((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );
  return {
    url: `smtp://${TEST_SMTP_USER}:${TEST_SMTP_PASSWORD}@127.0.0.1:${actual}`,
    port: actual,
    received: () => 0,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
