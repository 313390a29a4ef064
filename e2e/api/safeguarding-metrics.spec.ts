import { expect, test } from "../fixtures/contract-test.ts";
import { bankCredit, camt053Of, SANDBOX_MASTER_IBAN, UNKNOWN_IBAN } from "../fixtures/bank.ts";
import { freePort } from "../fixtures/free-port.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";

/**
 * C51 through the front door, on an instance of its own (the latest statement day is the instance's, not whichever
 * another test uploaded last): a camt.053 whose closing balance the ledger cannot explain is flagged in /metrics and
 * in the console's list; the bank's corrected statement for the same day replaces it and clears the flag.
 */

const series = (text: string, name: string) =>
  text.split("\n").find((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

test("C51: a statement's closing balance the ledger cannot explain is flagged in /metrics and in the console", async () => {
  test.setTimeout(180_000);
  const database = await scratchDatabase("tokenrail_e2e_safeguarding");
  const instance = await startDemoInstance(await freePort(), { ...database?.env });
  const operator = await operatorSession(instance);
  try {
    const metrics = async () => (await fetch(`${instance.appUrl}/metrics`)).text();
    expect(series(await metrics(), "tokenrail_safeguarding_mismatch")).toBe("tokenrail_safeguarding_mismatch 0");

    // 12.34 nobody's (an exception: at the bank, not yet minted) and a closing balance one cent higher.
    const date = "2026-01-15";
    const credit = bankCredit(UNKNOWN_IBAN, "12.34", { bookingDate: date });
    const upload = (bytes: Uint8Array) =>
      operator.post("/api/admin/bank/files?name=statement.xml", {
        headers: { "content-type": "application/xml" },
        data: Buffer.from(bytes),
      });
    const first = await upload(camt053Of({ date, openingMinor: 0n, closingMinor: 12_35n, credits: [credit] }));
    expect(first.status(), await first.text()).toBe(201);

    const labels = `{account="${SANDBOX_MASTER_IBAN}",currency="EUR"}`;
    let text = await metrics();
    expect(series(text, "tokenrail_safeguarding_difference_minor")).toBe(
      `tokenrail_safeguarding_difference_minor${labels} 1`,
    );
    expect(series(text, "tokenrail_safeguarding_closing_minor")).toBe(
      `tokenrail_safeguarding_closing_minor${labels} 1235`,
    );
    expect(series(text, "tokenrail_safeguarding_expected_minor")).toBe(
      `tokenrail_safeguarding_expected_minor${labels} 1234`,
    );
    expect(series(text, "tokenrail_safeguarding_mismatch")).toBe("tokenrail_safeguarding_mismatch 1");
    expect(text).toContain("# TYPE tokenrail_safeguarding_difference_minor gauge");

    const listed = await operator.get("/api/admin/bank/safeguarding");
    expect(listed.status()).toBe(200);
    const { days } = (await listed.json()) as { days: Record<string, unknown>[] };
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({
      date,
      accountIban: SANDBOX_MASTER_IBAN,
      currency: "EUR",
      closing: "12.35",
      outstanding: "0.00",
      payoutsInFlight: "0.00",
      creditsUnminted: "12.34",
      expected: "12.34",
      difference: "0.01",
      flagged: true,
    });

    // The bank corrects the day: the same credit (booked once), the right closing balance.
    const corrected = await upload(camt053Of({ date, openingMinor: 0n, closingMinor: 12_34n, credits: [credit] }));
    expect(corrected.status(), await corrected.text()).toBe(201);
    text = await metrics();
    expect(series(text, "tokenrail_safeguarding_difference_minor")).toBe(
      `tokenrail_safeguarding_difference_minor${labels} 0`,
    );
    expect(series(text, "tokenrail_safeguarding_mismatch")).toBe("tokenrail_safeguarding_mismatch 0");
    const after = (await (await operator.get("/api/admin/bank/safeguarding")).json()) as {
      days: { difference: string; flagged: boolean }[];
    };
    expect(after.days.map((d) => [d.difference, d.flagged])).toEqual([["0.00", false]]);
  } finally {
    await operator.dispose();
    await stopServer(instance.server);
    await database?.drop();
  }
});
