import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { privateKeyToAccount } from "viem/accounts";
import { registerApplication } from "../applications/register-application.ts";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, importConfig, randomIban } from "../bank/import/testing/bank-import-fixtures.ts";
import { payoutView, bankEntryView } from "../bank/operator/bank-views.ts";
import { db } from "../db/client.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { SEALED_COLUMNS } from "../keys/sealed-columns.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { formatAmount } from "../money/amount.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { listOrders } from "./list-orders.ts";
import { orderMessage } from "./order-message.ts";
import { incomingDebtor, incomingIban, incomingMemo } from "./order-text.ts";
import { orderView } from "./order-view.ts";
import { placeOrderSchema } from "./order.schemas.ts";
import { placeOrder } from "./place-order.ts";
import { processOrder } from "./settle-order.ts";
import { stopSignatureWorkers } from "./signature-worker.ts";

// The money records' personal data sealed at rest (C70), on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): what the database holds of a payer, a payee and their texts reads as nothing in a dump, and the
// domain and the API read it unchanged.
await setUpTestInstance("sealed_money_records");
after(stopSignatureWorkers);
after(tearDownDrivers);

const tag = randomBytes(3).toString("hex");
const PAYER = { name: `Wilhelmine Zahlerin ${tag}`, iban: "FR1420041010050500013M02606" };
const PAYMENT_TEXT = `Miete Oktober ${tag}`;
const PAYEE = {
  identifier: { standard: "iban", iban: "GR1601101250000000012300695" },
  details: { name: `Bartholomäus Empfänger ${tag}` },
} as const;
const MEMO = `Invoice Geheim ${tag}`;
const STRANGER = { name: `Kunigunde Fremd ${tag}`, iban: "NL91ABNA0417164300" };
const SECRETS = [PAYER.name, PAYER.iban, PAYMENT_TEXT, PAYEE.details.name, PAYEE.identifier.iban, MEMO, STRANGER.name];

/** An approved profile of an application, its EOA address on sepolia and an IBAN minting to it. */
async function customer() {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `sealed-${stamp}@example.com` } });
  const profile = await prisma.profile.create({
    data: { kind: "corporate", name: `Sealed ${stamp}`, state: "approved" },
  });
  const app = await registerApplication({
    name: `Sealed ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const account = privateKeyToAccount(`0x${randomBytes(32).toString("hex")}`);
  const addressKey = account.address.toLowerCase();
  await prisma.address.create({
    data: { profileId: profile.id, address: account.address, addressKey, chain: "sepolia", linkedAt: new Date() },
  });
  const iban = randomIban();
  await prisma.iban.create({
    data: {
      profileId: profile.id,
      iban,
      bic: "TKRLDER0",
      address: account.address,
      addressKey,
      chain: "sepolia",
      state: "approved",
      requestedAt: new Date(),
      provisionedAt: new Date(),
    },
  });
  const caller = await authenticateBearer(`Bearer ${issued.access_token}`);
  return { caller, account, iban, profileId: profile.id };
}

/** Every row of the money tables as text, as a dump shows it. */
async function dump(): Promise<string> {
  const prisma = await db();
  const tables = ["Order", "IncomingPayment", "Payout", "BankEntry", "BankFileEntry"];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "${table}" t`);
    parts.push(...rows.map((r) => r.text));
  }
  return parts.join("\n");
}

/** Nothing of the fixed secrets, nor of `more` (a customer's own IBAN), is in `text`. */
function assertNothingReadable(text: string, more: string[] = []) {
  for (const secret of [...SECRETS, ...more])
    assert.equal(text.includes(secret), false, `${secret} is not in the dump`);
}

describe("the money records' personal data sealed at rest", () => {
  it("C70: a bank credit, its issue order, a redeem order and its payout hold their names, IBANs and texts sealed, and read them unchanged", async () => {
    const config = importConfig();
    const prisma = await db();
    const c = await customer();

    // Money in: a credit to the customer's IBAN (minted) and one to an IBAN no one holds (an exception).
    const nobodys = randomIban();
    const credits = [
      credit(c.iban, "50.00", { debtorName: PAYER.name, debtorIban: PAYER.iban, remittance: PAYMENT_TEXT }),
      credit(nobodys, "7.00", { debtorName: STRANGER.name, debtorIban: STRANGER.iban, remittance: "Hallo" }),
    ];
    await importBankFile({ content: { bytes: camt054(credits) }, name: "in.xml", source: "upload", config });

    // Money out: a redeem order to the payee, processed (burned and paid out).
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    const message = orderMessage({
      currency: "eur",
      amountText: formatAmount(20_00n),
      counterpart: PAYEE.identifier,
      at,
    });
    const request = placeOrderSchema.parse({
      kind: "redeem",
      address: c.account.address,
      chain: "sepolia",
      currency: "eur",
      amount: "20.00",
      counterpart: PAYEE,
      memo: MEMO,
      message,
      signature: await c.account.signMessage({ message }),
    });
    const placed = await placeOrder({ caller: c.caller, request, config });
    await processOrder({ orderId: placed.order.id, config });

    // Nothing of them in the rows, nor the IBANs credited; every sealed column of these rows is sealed.
    assertNothingReadable(await dump(), [c.iban, nobodys]);
    const counts = await countPlainRecords();
    const money = ["Order", "IncomingPayment", "Payout", "BankEntry"];
    for (const column of SEALED_COLUMNS.filter((s) => money.includes(s.table))) {
      const name = `${column.table}.${column.column}`;
      assert.equal(counts[name], 0, `${name} holds no plain value`);
    }

    // The domain and the API read them unchanged.
    const url = new URL("http://localhost/orders");
    const listed = await listOrders({ caller: c.caller, query: { limit: 50, sort: "-placedAt" }, url, config });
    const orders = (listed.body as { orders: ReturnType<typeof orderView>[] }).orders;
    const redeem = orders.find((o) => o.id === placed.order.id)!;
    assert.deepEqual(redeem.counterpart, PAYEE);
    assert.equal(redeem.memo, MEMO);
    const issue = orders.find((o) => o.kind === "issue")!;
    assert.deepEqual(issue.counterpart, {
      identifier: { standard: "iban", iban: PAYER.iban },
      details: { name: PAYER.name },
    });
    assert.equal(issue.memo, PAYMENT_TEXT);
    const byMemo = await listOrders({
      caller: c.caller,
      query: { limit: 50, sort: "-placedAt", memo: MEMO },
      url,
      config,
    });
    assert.deepEqual(
      (byMemo.body as { orders: { id: string }[] }).orders.map((o) => o.id),
      [placed.order.id],
      "a sealed memo is still found by its value",
    );

    const payment = await prisma.incomingPayment.findUniqueOrThrow({ where: { orderId: issue.id } });
    assert.deepEqual(incomingDebtor(payment), PAYER);
    assert.equal(incomingMemo(payment), PAYMENT_TEXT);
    assert.equal(isSealed(payment.iban), true);
    assert.equal(incomingIban(payment), c.iban);
    const payout = payoutView(await prisma.payout.findUniqueOrThrow({ where: { orderId: placed.order.id } }));
    assert.equal(payout.creditorName, PAYEE.details.name);
    assert.equal(payout.creditorIban, PAYEE.identifier.iban);
    assert.equal(payout.remittance, MEMO);
    const stranger = await prisma.bankEntry.findFirstOrThrow({ where: { outcome: "unmatched", amountMinor: 7_00n } });
    assert.equal(isSealed(stranger.debtorName), true);
    const entry = bankEntryView(stranger);
    assert.deepEqual([entry.debtorName, entry.debtorIban, entry.remittance], [STRANGER.name, STRANGER.iban, "Hallo"]);
    assert.equal(isSealed(stranger.iban), true);
    assert.equal(entry.iban, nobodys);
  });

  it("C70: money records written in plain text before sealing are sealed in place, still read the same, and a plain memo is found before and after", async () => {
    const config = importConfig();
    const prisma = await db();
    const c = await customer();
    const orderId = randomUUID();
    const memo = `Plain memo ${tag}`;
    // As the migration left them: the columns' values as plain JSON.
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Order" ("id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor",
        "counterpart", "memo", "message", "state", "placedAt", "updatedAt")
       VALUES ($1::uuid, 'redeem', $2::uuid, $3, $4, 'sepolia', 'eur', 1500, $5::jsonb, to_jsonb($6::text),
        to_jsonb($7::text), 'rejected', now(), now())`,
      orderId,
      c.profileId,
      c.account.address,
      c.account.address.toLowerCase(),
      JSON.stringify(PAYEE),
      memo,
      `Send EUR 15.00 to ${PAYEE.identifier.iban} at 2026-11-28T10:00:00Z`,
    );
    const issueId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Order" ("id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor",
        "counterpart", "memo", "state", "placedAt", "updatedAt")
       VALUES ($1::uuid, 'issue', $2::uuid, $3, $4, 'sepolia', 'eur', 900, $5::jsonb, to_jsonb($6::text), 'processed',
        now(), now())`,
      issueId,
      c.profileId,
      c.account.address,
      c.account.address.toLowerCase(),
      JSON.stringify({ identifier: { standard: "iban", iban: PAYER.iban }, details: { name: PAYER.name } }),
      PAYMENT_TEXT,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "IncomingPayment" ("id", "bankReference", "iban", "amountMinor", "currency", "memo", "debtor",
        "receivedAt", "orderId")
       VALUES (gen_random_uuid(), $1, to_jsonb($2::text), 900, 'eur', to_jsonb($3::text), $4::jsonb, now(), $5::uuid)`,
      `plain-${tag}`,
      c.iban,
      PAYMENT_TEXT,
      JSON.stringify(PAYER),
      issueId,
    );
    const payoutId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "Payout" ("id", "orderId", "endToEndId", "bankReference", "amountMinor", "currency", "counterpart",
        "remittance", "sentAt")
       VALUES ($1::uuid, $2::uuid, $3, $3, 1500, 'eur', $4::jsonb, to_jsonb($5::text), now())`,
      payoutId,
      orderId,
      `E2E${tag}`,
      JSON.stringify(PAYEE),
      memo,
    );
    const file = await prisma.bankFile.create({
      data: {
        direction: "inbound",
        message: "camt.054.001.08",
        messageId: `PLAIN-${tag}`,
        sha256: "0".repeat(64),
        size: 1,
        name: "plain.xml",
        source: "upload",
        state: "imported",
        createdAt: new Date(),
      },
    });
    const entryId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "BankEntry" ("id", "identity", "fileId", "side", "status", "amountMinor", "currency", "iban",
        "debtorName", "debtorIban", "remittance", "outcome", "createdAt")
       VALUES ($1::uuid, $2, $3::uuid, 'CRDT', 'BOOK', 300, 'EUR', to_jsonb($7::text), to_jsonb($4::text),
        to_jsonb($5::text), to_jsonb($6::text), 'unmatched', now())`,
      entryId,
      `fp:plain-${tag}`,
      file.id,
      STRANGER.name,
      STRANGER.iban,
      PAYMENT_TEXT,
      c.iban,
    );

    const views = async () => {
      const orders = await prisma.order.findMany({
        where: { id: { in: [orderId, issueId] } },
        orderBy: { seq: "asc" },
      });
      return {
        orders: orders.map(orderView),
        payment: await prisma.incomingPayment.findUniqueOrThrow({ where: { orderId: issueId } }).then((p) => ({
          debtor: incomingDebtor(p),
          memo: incomingMemo(p),
          iban: incomingIban(p),
        })),
        payout: { ...payoutView(await prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })) },
        entry: bankEntryView(await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } })),
      };
    };
    const url = new URL("http://localhost/orders");
    const findByMemo = async () =>
      (
        (await listOrders({ caller: c.caller, query: { limit: 50, sort: "-placedAt", memo }, url, config })).body as {
          orders: { id: string }[];
        }
      ).orders.map((o) => o.id);

    const before = await views();
    assert.deepEqual(before.orders[0]!.counterpart, PAYEE);
    assert.equal(before.entry.debtorName, STRANGER.name);
    assert.equal(before.payment.iban, c.iban);
    assert.equal(before.entry.iban, c.iban);
    assert.deepEqual(await findByMemo(), [orderId], "a plain memo is found by its value");
    assert.ok((await countPlainRecords())["Order.memo"]! >= 2);

    const { sealed } = await sealPlainRecords();
    // The 14 plain values of the money records, and whatever else the test's fixtures wrote plain (people, names).
    assert.ok(sealed >= 14, `the 14 plain values are sealed (${sealed})`);
    assert.deepEqual(await sealPlainRecords(), { sealed: 0 }, "running again finds nothing left");
    for (const [context, n] of Object.entries(await countPlainRecords())) assert.equal(n, 0, `${context} all sealed`);
    assertNothingReadable(await dump(), [c.iban]);
    assert.deepEqual(await views(), before, "every record reads as it did");
    assert.deepEqual(await findByMemo(), [orderId], "a memo sealed by the pass is found by its keyed hash");
  });
});
