import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { randomBytes } from "node:crypto";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { ConfigError } from "../settings/config-error.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { userEmailData } from "../users/user-email.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import { readKeyring } from "./keyring.ts";
import { assertKeyringFitsDatabase } from "./keyring-check.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// An instance started with a keyring that is not its database's is refused at start (C70), on a real database
// (PGlite, or PostgreSQL with DATABASE_URL).
await setUpTestInstance("keyring_check");

const scratchFile = (name: string) => path.join(scratchDir("tokenrail-keyring-check-"), name);

const refusal = (pattern: RegExp) => (error: unknown) =>
  error instanceof ConfigError &&
  error.problems.length === 1 &&
  error.problems[0]!.startsWith("TOKENRAIL_KEYRING_FILE: /other/keyring.json is not the keyring") &&
  pattern.test(error.problems[0]!);

describe("C70 the keyring checked against the database at start", () => {
  it("C70 a database with nothing sealed starts with any keyring; once a person is sealed, only its own keyring starts it", async () => {
    const prisma = await db();
    const own = instanceKeyring(getConfig());
    const fresh = readKeyring(scratchFile("keyring.json"), { create: true });
    await assertKeyringFitsDatabase(prisma, fresh, "/other/keyring.json");

    await prisma.user.create({ data: userEmailData(`keyring-${randomBytes(3).toString("hex")}@example.com`) });
    await assertKeyringFitsDatabase(prisma, own, getConfig().keys.keyringFile);
    await assert.rejects(
      assertKeyringFitsDatabase(prisma, fresh, "/other/keyring.json"),
      refusal(new RegExp(`none of its keys opens what key ${own.currentKekId} sealed`)),
    );

    // The same key-encryption keys with another index key: everything opens, but no lookup would find anyone.
    const copied = JSON.parse(fs.readFileSync(getConfig().keys.keyringFile, "utf8")) as { indexKey: string };
    const otherIndex = scratchFile("keyring.json");
    fs.writeFileSync(otherIndex, JSON.stringify({ ...copied, indexKey: randomBytes(32).toString("base64") }));
    await assert.rejects(
      assertKeyringFitsDatabase(prisma, readKeyring(otherIndex, { create: false }), "/other/keyring.json"),
      refusal(/its index key gives other blind indexes than the database holds/),
    );
  });
});
