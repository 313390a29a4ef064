import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import S3rver from "s3rver";
import { isAppError } from "../../errors.ts";
import type { BankTransport } from "./bank-transport.ts";
import { FolderTransport } from "./folder-transport.ts";
import { S3Transport } from "./s3-transport.ts";

// Both transports against the same expectations: the folder one on a temporary directory, the S3 one against s3rver
// (an independent S3-compatible server: real listings, copies, deletes and PUTs), where the bank's side is played by
// writing objects straight into the bucket.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-bank-transport-"));
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: path.join(root, "s3"),
  configureBuckets: [{ name: "files" }],
});
let endpoint = "";
before(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
after(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

type Side = {
  transport: BankTransport;
  /** The bank puts a file in the inbox. */
  bankPuts: (name: string, content: Buffer) => Promise<void>;
  /** What the bank sees under a path of the inbox or outbox, or undefined. */
  read: (where: "inbox" | "outbox", name: string) => Promise<Buffer | undefined>;
};

function folderSide(): Side {
  const dir = fs.mkdtempSync(path.join(root, "folder-"));
  const folders = { inbox: path.join(dir, "in"), outbox: path.join(dir, "out") };
  return {
    transport: new FolderTransport(folders),
    async bankPuts(name, content) {
      await fs.promises.mkdir(folders.inbox, { recursive: true });
      await fs.promises.writeFile(path.join(folders.inbox, name), content);
    },
    async read(where, name) {
      const file = path.join(where === "inbox" ? folders.inbox : folders.outbox, name);
      return fs.existsSync(file) ? fs.promises.readFile(file) : undefined;
    },
  };
}

function s3Side(): Side {
  const run = randomBytes(4).toString("hex");
  const prefixes = { inboxPrefix: `${run}/bank/inbox/`, outboxPrefix: `${run}/bank/outbox/` };
  const config = {
    kind: "s3" as const,
    endpoint,
    bucket: "files",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  };
  const transport = new S3Transport(config, prefixes);
  // The bank's side: the same signed PUTs, into our inbox (a hidden name through a prefix ending in a dot).
  const bank = (outboxPrefix: string) => new S3Transport(config, { inboxPrefix: "unused/", outboxPrefix });
  return {
    transport,
    async bankPuts(name, content) {
      const hidden = name.startsWith(".");
      await bank(`${prefixes.inboxPrefix}${hidden ? "." : ""}`).deliver({
        name: hidden ? name.slice(1) : name,
        content,
      });
    },
    async read(where, name) {
      const prefix = where === "inbox" ? prefixes.inboxPrefix : prefixes.outboxPrefix;
      const res = await fetch(`${endpoint}/files/${prefix}${name}`);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : undefined;
    },
  };
}

for (const [kind, side] of [
  ["folder", folderSide],
  ["s3", s3Side],
] as const) {
  describe(`the ${kind} transport`, () => {
    it("lists the inbox's own files by name, skipping hidden ones and the archives", async () => {
      const { transport, bankPuts } = side();
      assert.deepEqual(await transport.list(), []);
      await bankPuts("camt054-0002.xml", Buffer.from("<b/>"));
      await bankPuts("camt054-0001.xml", Buffer.from("<a></a>"));
      await bankPuts(".camt054-0003.xml.part", Buffer.from("<c/>"));
      assert.deepEqual(await transport.list(), [
        { name: "camt054-0001.xml", size: 7 },
        { name: "camt054-0002.xml", size: 4 },
      ]);
      await transport.archive("camt054-0001.xml", { kind: "imported" });
      await transport.archive("camt054-0002.xml", { kind: "refused", reason: "Document/X: not valid" });
      assert.deepEqual(await transport.list(), []);
    });

    it("fetches a file to a spool path, and refuses one over the limit leaving nothing", async () => {
      const { transport, bankPuts } = side();
      const content = randomBytes(50_000);
      await bankPuts("big.xml", content);
      const spool = path.join(root, `${kind}-${randomBytes(4).toString("hex")}.spool`);
      assert.deepEqual(await transport.fetch("big.xml", spool, 50_000), { size: 50_000 });
      assert.deepEqual(fs.readFileSync(spool), content);
      await assert.rejects(transport.fetch("big.xml", `${spool}.2`, 49_999), (error: unknown) => {
        return isAppError(error) && error.code === "PAYLOAD_TOO_LARGE";
      });
      assert.equal(fs.existsSync(`${spool}.2`), false);
      await assert.rejects(transport.fetch("gone.xml", `${spool}.3`, 1000), (error: unknown) => {
        return isAppError(error) && error.code === "NOT_FOUND";
      });
      await assert.rejects(transport.fetch("../secret", `${spool}.4`, 1000), (error: unknown) => {
        return isAppError(error) && error.code === "NOT_FOUND";
      });
    });

    it("archives into processed/ and refused/ with the reason beside it; archiving again does nothing", async () => {
      const { transport, bankPuts, read } = side();
      await bankPuts("ok.xml", Buffer.from("ok"));
      await bankPuts("bad.xml", Buffer.from("bad"));
      await transport.archive("ok.xml", { kind: "imported" });
      await transport.archive("bad.xml", { kind: "refused", reason: "The bank file was refused: file is empty" });
      assert.equal(await read("inbox", "ok.xml"), undefined);
      assert.equal((await read("inbox", "processed/ok.xml"))?.toString(), "ok");
      assert.equal((await read("inbox", "refused/bad.xml"))?.toString(), "bad");
      assert.equal(
        (await read("inbox", "refused/bad.xml.reason.txt"))?.toString(),
        "The bank file was refused: file is empty\n",
      );
      await transport.archive("ok.xml", { kind: "imported" });
      assert.equal((await read("inbox", "processed/ok.xml"))?.toString(), "ok");
    });

    it("delivers under the file's name, idempotently", async () => {
      const { transport, read } = side();
      const content = new TextEncoder().encode("<Document/>");
      await transport.deliver({ name: "pain001-MSG1.xml", content });
      await transport.deliver({ name: "pain001-MSG1.xml", content });
      assert.equal((await read("outbox", "pain001-MSG1.xml"))?.toString(), "<Document/>");
      await assert.rejects(transport.deliver({ name: "../x.xml", content }), /Not a file name/);
    });
  });
}
