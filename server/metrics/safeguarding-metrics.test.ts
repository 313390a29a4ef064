import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { recordSafeguardingDay } from "../bank/reconcile/safeguarding-day.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { exposition } from "./metrics.ts";

await setUpTestInstance("safeguarding_metrics");

const ACCOUNT = "DE02100100100006820101";

async function statement(date: string, closingMinor: bigint) {
  const prisma = await db();
  await prisma.$transaction((tx) =>
    recordSafeguardingDay(tx, {
      fileId: randomUUID(),
      accountIban: ACCOUNT,
      date,
      currency: "EUR",
      closingMinor,
      now: new Date("2026-11-26T08:00:00Z"),
    }),
  );
}

const line = (text: string, name: string) =>
  text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

describe("issue 24: safeguarding in /metrics (C51)", () => {
  it("exports the latest day's difference, closing, expected and date, and a mismatch flag", async () => {
    let text = (await exposition()).body;
    assert.equal(line(text, "tokenrail_safeguarding_mismatch"), "tokenrail_safeguarding_mismatch 0");
    assert.equal(line(text, "tokenrail_safeguarding_difference_minor"), undefined);

    // 12.34 at the bank that nothing in the ledger accounts for: flagged.
    await statement("2026-11-24", 12_34n);
    text = (await exposition()).body;
    const labels = `{account="${ACCOUNT}",currency="EUR"}`;
    assert.equal(
      line(text, "tokenrail_safeguarding_difference_minor"),
      `tokenrail_safeguarding_difference_minor${labels} 1234`,
    );
    assert.equal(
      line(text, "tokenrail_safeguarding_closing_minor"),
      `tokenrail_safeguarding_closing_minor${labels} 1234`,
    );
    assert.equal(
      line(text, "tokenrail_safeguarding_expected_minor"),
      `tokenrail_safeguarding_expected_minor${labels} 0`,
    );
    assert.equal(line(text, "tokenrail_safeguarding_mismatch"), "tokenrail_safeguarding_mismatch 1");

    // The next day balances: only the latest day counts.
    await statement("2026-11-25", 0n);
    text = (await exposition()).body;
    assert.equal(
      line(text, "tokenrail_safeguarding_difference_minor"),
      `tokenrail_safeguarding_difference_minor${labels} 0`,
    );
    assert.equal(
      line(text, "tokenrail_safeguarding_statement_day_seconds"),
      `tokenrail_safeguarding_statement_day_seconds${labels} ${Date.UTC(2026, 10, 25) / 1000}`,
    );
    assert.equal(line(text, "tokenrail_safeguarding_mismatch"), "tokenrail_safeguarding_mismatch 0");
    assert.match(text, /^# TYPE tokenrail_safeguarding_difference_minor gauge$/m);
  });
});
