import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { XmlDocument } from "libxml2-wasm";
import { createPublicClient, defineChain, http, parseAbi, parseEther } from "viem";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { V2 } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { PAYEE, redeemBody, type Order } from "../fixtures/orders.ts";
import { ISO20022_BANK, productionApplication, productionEnvironment } from "../fixtures/production-instance.ts";
import { productionConsole } from "../fixtures/production-operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { parseDecimalAmount } from "../../server/bank/iso20022/decimal-amount.ts";
import { messageById } from "../../server/bank/iso20022/message-registry.ts";
import { readBankFile } from "../../server/bank/iso20022/read-bank-file.ts";
import { validatorFor } from "../../server/bank/iso20022/schema-validators.ts";
import { at, childrenNamed, textAt } from "../../server/bank/iso20022/xml-tree.ts";
import {
  writeCamt053,
  writeCamt054,
  writePain002,
  type SandboxCredit,
  type SandboxDebit,
} from "../../server/bank/sandbox/sandbox-bank-files.ts";

/*
 * Issue 24's "done when", production half: a production instance (PostgreSQL, `TOKENRAIL_BANK=iso20022`, the folder
 * transport, real chains: an EVM devnet with the issuer token deployed) mints from a bank's camt.054 and pays out
 * through a pain.001, with no simulator involved. The bank's files are written with the notification and status
 * writers of server/bank/sandbox/ (what a bank sends; nothing of the simulator runs) and dropped into the inbox the
 * way a host-to-host client does, and imported in the import process (server/bank/import/import-process.ts); the
 * pain.001 is read from the outbox and checked against the official schema.
 */

const TOKEN = parseAbi(["function balanceOf(address) view returns (uint256)"]);
const MASTER = {
  iban: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_IBAN,
  bic: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_BIC,
  holder: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_HOLDER,
};

type BankFileView = { id: string; direction: string; message: string; messageId: string; name: string; state: string };
type Payout = { endToEndId: string; orderId: string | null; amount: string; state: string; fileId: string | null };
type FileDetail = {
  file: BankFileView & { summary: Record<string, unknown> };
  entries: { result: string; entry: { orderId: string | null; payoutId: string | null; outcome: string } | null }[];
  payouts: Payout[];
};

const hex = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();

/** Written under a hidden name and renamed into the inbox, as a bank's host-to-host client does. */
function dropIntoInbox(inbox: string, name: string, bytes: Uint8Array): string {
  fs.writeFileSync(path.join(inbox, `.${name}.part`), bytes);
  fs.renameSync(path.join(inbox, `.${name}.part`), path.join(inbox, name));
  return path.join(inbox, "processed", name);
}

/** Waits until the inbox job archived the file as imported (and says why if it refused it). */
async function imported(archived: string): Promise<void> {
  const refused = path.join(path.dirname(path.dirname(archived)), "refused", `${path.basename(archived)}.reason.txt`);
  await expect
    .poll(() => (fs.existsSync(refused) ? fs.readFileSync(refused, "utf8") : fs.existsSync(archived)), {
      intervals: [100],
      timeout: 20_000,
    })
    .toBe(true);
}

/** The bank file of this message id, as the console lists it (newest first). */
async function bankFile(operator: APIRequestContext, messageId: string): Promise<FileDetail> {
  const list = await operator.get("/api/admin/bank/files?limit=100");
  expect(list.status()).toBe(200);
  const found = ((await list.json()) as { files: BankFileView[] }).files.filter((f) => f.messageId === messageId);
  expect(found, `one bank file ${messageId}`).toHaveLength(1);
  const detail = await operator.get(`/api/admin/bank/files/${found[0]!.id}`);
  expect(detail.status()).toBe(200);
  return (await detail.json()) as FileDetail;
}

const series = (text: string, name: string) =>
  text.split("\n").find((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

// Production needs PostgreSQL: the test exists on the PostgreSQL run only (DATABASE_URL set), like the other
// production specs; on the embedded run there is nothing it could start (a skipped test would count as a failure).
if (process.env.DATABASE_URL) {
  test("issue 24: production mints from a bank's camt.054 and pays out through a pain.001, no simulator involved (C47, C49, C51)", async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_bank_production"))!;
    const { env, devnet, tokens } = await productionEnvironment(database.env.DATABASE_URL, { tokens: true });
    const bankDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-bank-"));
    const inbox = path.join(bankDir, "inbox");
    const outbox = path.join(bankDir, "outbox");
    fs.mkdirSync(inbox);
    fs.mkdirSync(outbox);
    const metricsToken = randomBytes(32).toString("base64url");
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const instance = { appUrl, baseUrl: `${appUrl}/api`, databaseUrl: database.env.DATABASE_URL };
    let server: SpawnedServer | undefined;
    let operatorConsole: Awaited<ReturnType<typeof productionConsole>> | undefined;
    let operator: APIRequestContext | undefined;
    try {
      server = await startServer(port, {
        ...env,
        TOKENRAIL_BANK_TRANSPORT: "folder",
        TOKENRAIL_BANK_INBOX: inbox,
        TOKENRAIL_BANK_OUTBOX: outbox,
        TOKENRAIL_BANK_POLL_INTERVAL: "1",
        TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: "1",
        // Every file from the inbox is imported as a large one is: in the import process, its heap capped.
        TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "0",
        TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
        TOKENRAIL_METRICS_TOKEN: metricsToken,
        LOG_LEVEL: "warn",
      });
      const url = (p: string) => `${instance.baseUrl}${p}`;

      // No simulator: every sandbox route is the 404 of a route that does not exist.
      for (const [method, route] of [
        ["POST", "/sandbox/payments"],
        ["GET", `/sandbox/orders/${randomUUID()}/payout`],
        ["POST", `/sandbox/orders/${randomUUID()}/payout/reject`],
        ["GET", "/sandbox/settings"],
      ] as const) {
        const res = await request.fetch(url(route), { method, headers: { accept: V2 }, data: {} });
        expect(res.status(), `${method} ${route}`).toBe(404);
        expect(await res.json()).toEqual({ code: 404, status: "Not Found", message: "Not found" });
      }

      // Setup through the front doors: an operator, a partner's application, a customer through KYC with an IBAN.
      operatorConsole = await productionConsole(instance);
      operator = operatorConsole.api;
      const partnerApp = await productionApplication(request, instance, operatorConsole);
      const customer = await customerWithIbanOn(request, partnerApp, operator, "gnosis");
      const { partner } = customer;
      const order = async (id: string) => {
        const res = await request.get(url(`/orders/${id}`), { headers: partner });
        expect(res.status()).toBe(200);
        return (await res.json()) as Order & { meta: { paymentFile?: string; endToEndId?: string } };
      };
      const chain = defineChain({
        id: 100,
        name: "Gnosis devnet",
        nativeCurrency: { name: "xDAI", symbol: "xDAI", decimals: 18 },
        rpcUrls: { default: { http: [devnet.url] } },
      });
      const reader = createPublicClient({ chain, transport: http(devnet.url) });
      const onChain = () =>
        reader.readContract({
          address: tokens.EUR!,
          abi: TOKEN,
          functionName: "balanceOf",
          args: [customer.account.address],
        });
      const ordersOfProfile = async () => {
        const res = await request.get(url(`/orders?profile=${customer.profile}&limit=100`), { headers: partner });
        return ((await res.json()) as { orders: Order[] }).orders;
      };

      // Money in: the bank's camt.054 credits the customer's IBAN; the inbox job imports it and the order mints.
      const today = new Date().toISOString().slice(0, 10);
      const credit: SandboxCredit = {
        kind: "credit",
        reference: `BNK${hex(8)}`,
        amountMinor: 100_00n,
        currency: "EUR",
        // A bank writes the IBAN in its electronic format (the API shows it in groups of four).
        creditorIban: customer.iban.replaceAll(" ", ""),
        debtor: { name: "Mara Lindqvist", iban: "FR1420041010050500013M02606", bic: "AGRIFRPPXXX" },
        remittance: "Top-up",
        endToEndId: `E2E-${hex(6)}`,
      };
      const creditMessageId = `NTF-${hex(10)}`;
      const creditFile = writeCamt054({
        messageId: creditMessageId,
        createdAt: new Date(),
        account: MASTER,
        entries: [credit],
      });
      await imported(dropIntoInbox(inbox, "camt054-credit.xml", creditFile));
      const creditImport = await bankFile(operator, creditMessageId);
      expect(creditImport.entries.map((e) => e.result)).toEqual(["minted"]);
      const issueId = creditImport.entries[0]!.entry!.orderId!;
      await expect
        .poll(async () => (await order(issueId)).state, { intervals: [200], timeout: 20_000 })
        .toBe("processed");
      const issue = await order(issueId);
      expect(issue).toMatchObject({
        kind: "issue",
        amount: "100.00",
        chain: "gnosis",
        address: customer.account.address,
      });
      expect(issue.meta.txHashes).toHaveLength(1);
      expect(await onChain()).toBe(parseEther("100"));
      // The events behind the webhooks, and the ledger.
      const events = async (type: string, id: string) => {
        const res = await operator!.get(`/api/admin/events?profile=${customer.profile}&type=${type}&limit=500`);
        const { events: all } = (await res.json()) as { events: { data: Order }[] };
        return all.filter((e) => e.data.id === id).map((e) => e.data.state);
      };
      expect(await events("order.created", issueId)).toHaveLength(1);
      expect(await events("order.updated", issueId)).toEqual(["processed"]);
      const ledger = async () => {
        const res = await operator!.get("/api/admin/ledger");
        expect(res.status()).toBe(200);
        return (await res.json()) as {
          consistent: boolean;
          totals: { chain: string; minted: string; burned: string }[];
        };
      };
      expect(await ledger()).toMatchObject({
        consistent: true,
        totals: [expect.objectContaining({ chain: "gnosis", minted: "100.00", burned: "0.00" })],
      });

      // The same file dropped again (another name, the same bytes) mints nothing more (C47).
      await imported(dropIntoInbox(inbox, "camt054-credit-again.xml", creditFile));
      expect((await ordersOfProfile()).map((o) => o.id)).toEqual([issueId]);
      expect(await onChain()).toBe(parseEther("100"));

      // Money out: the customer redeems 40 to an IBAN; the operator processes it, which burns on chain.
      const placedRes = await request.post(url("/orders"), {
        headers: partner,
        data: await redeemBody(customer.account, "40", { chain: "gnosis" }),
      });
      expect(placedRes.status(), await placedRes.text()).toBe(200);
      const redeem = (await placedRes.json()) as Order;
      const processing = await operator.post(`/api/admin/orders/${redeem.id}/process`);
      expect(processing.status(), await processing.text()).toBe(200);
      await expect.poll(onChain, { intervals: [200], timeout: 20_000 }).toBe(parseEther("60"));

      // The payment run writes the pain.001; production waits for an operator to release it.
      let paymentFile: BankFileView | undefined;
      await expect
        .poll(
          async () => {
            const res = await operator!.get("/api/admin/bank/files?limit=100");
            const { files } = (await res.json()) as { files: BankFileView[] };
            paymentFile = files.find((f) => f.direction === "outbound");
            return paymentFile?.state;
          },
          { intervals: [200], timeout: 20_000 },
        )
        .toBe("written");
      expect((await order(redeem.id)).state).toBe("pending");
      // The operator's queue says what it waits for: the release, not the chain (it is not flagged stuck).
      const queue = await operator.get("/api/admin/orders");
      expect(queue.status()).toBe(200);
      const queued = ((await queue.json()) as { orders: (Order & { awaitingRelease: boolean; stuck: boolean })[] })
        .orders;
      expect(queued.find((o) => o.id === redeem.id)).toMatchObject({ awaitingRelease: true, stuck: false });
      const released = await operator.post(`/api/admin/bank/files/${paymentFile!.id}/release`);
      expect(released.status(), await released.text()).toBe(200);
      const delivered = path.join(outbox, paymentFile!.name);
      await expect.poll(() => fs.existsSync(delivered), { intervals: [100], timeout: 20_000 }).toBe(true);
      expect(fs.readdirSync(outbox)).toEqual([paymentFile!.name]);

      // The bank reads it: valid against the official pain.001.001.09 schema, its sums and payment as ordered (C49).
      const pain001 = new Uint8Array(fs.readFileSync(delivered));
      const document = XmlDocument.fromBuffer(pain001);
      try {
        validatorFor(messageById("pain.001.001.09")).validate(document);
      } finally {
        document.dispose();
      }
      const root = at(readBankFile(pain001, { directions: ["out"] }).document, "CstmrCdtTrfInitn")!;
      const [payment, ...more] = childrenNamed(at(root, "PmtInf"), "CdtTrfTxInf");
      expect(more).toHaveLength(0);
      for (const header of [at(root, "GrpHdr"), at(root, "PmtInf")]) {
        expect(textAt(header, "NbOfTxs")).toBe("1");
        expect(parseDecimalAmount(textAt(header, "CtrlSum")!, "EUR")).toMatchObject({ ok: true, minor: 40_00n });
      }
      const endToEndId = textAt(payment, "PmtId", "EndToEndId")!;
      expect(endToEndId).toBe(redeem.id.replaceAll("-", ""));
      expect(textAt(payment, "Amt", "InstdAmt")).toBe("40.00");
      expect(textAt(payment, "CdtrAcct", "Id", "IBAN")).toBe(PAYEE.identifier.iban);
      expect(textAt(payment, "Cdtr", "Nm")).toBe("Mockbank Testerson");
      expect(textAt(payment, "RmtInf", "Ustrd")).toBe("Invoice 2026-114");
      expect(textAt(root, "PmtInf", "DbtrAcct", "Id", "IBAN")).toBe(MASTER.iban);
      const painMessageId = textAt(root, "GrpHdr", "MsgId")!;
      // The order names the file and the end-to-end id; it is processed once released.
      const paid = await order(redeem.id);
      expect(paid.state).toBe("processed");
      expect(paid.meta).toMatchObject({ paymentFile: paymentFile!.id, endToEndId });
      expect(await events("order.updated", redeem.id)).toEqual(["processed"]);

      // The bank answers: a pain.002 accepting the payment, then the debit of the master account in a camt.054.
      const statusMessageId = `PSR-${hex(10)}`;
      await imported(
        dropIntoInbox(
          inbox,
          "pain002-status.xml",
          writePain002({
            messageId: statusMessageId,
            createdAt: new Date(),
            original: {
              messageId: painMessageId,
              messageName: "pain.001.001.09",
              paymentInformationId: textAt(root, "PmtInf", "PmtInfId")!,
            },
            groupStatus: "ACCP",
            bankName: "Commerzbank",
            transactions: [{ endToEndId, instructionId: textAt(payment, "PmtId", "InstrId"), status: "ACCP" }],
          }),
        ),
      );
      const payoutOf = async () => (await bankFile(operator!, painMessageId)).payouts;
      expect(await payoutOf()).toEqual([
        expect.objectContaining({ endToEndId, orderId: redeem.id, amount: "40.00", state: "accepted" }),
      ]);
      const debit: SandboxDebit = {
        kind: "debit",
        reference: `BNK${hex(8)}`,
        amountMinor: 40_00n,
        currency: "EUR",
        endToEndId,
        instructionId: textAt(payment, "PmtId", "InstrId"),
        creditor: { name: "Mockbank Testerson", iban: PAYEE.identifier.iban },
        remittance: "Invoice 2026-114",
      };
      const debitMessageId = `NTF-${hex(10)}`;
      await imported(
        dropIntoInbox(
          inbox,
          "camt054-debit.xml",
          writeCamt054({ messageId: debitMessageId, createdAt: new Date(), account: MASTER, entries: [debit] }),
        ),
      );
      expect((await bankFile(operator, debitMessageId)).entries.map((e) => e.result)).toEqual(["payout_debit"]);
      expect((await payoutOf())[0]!.state).toBe("debited");

      // Reconciliation: the day's camt.053 repeats both bookings and closes at 60.00, what the ledger says is owed.
      const statementMessageId = `STM-${hex(10)}`;
      await imported(
        dropIntoInbox(
          inbox,
          "camt053-statement.xml",
          writeCamt053({
            messageId: statementMessageId,
            createdAt: new Date(),
            date: today,
            account: MASTER,
            openingMinor: 0n,
            entries: [credit, debit],
          }),
        ),
      );
      expect((await bankFile(operator, statementMessageId)).entries.map((e) => e.result)).toEqual([
        "already_imported",
        "already_imported",
      ]);
      const safeguarding = await operator.get("/api/admin/bank/safeguarding");
      expect(safeguarding.status()).toBe(200);
      expect(((await safeguarding.json()) as { days: unknown[] }).days).toEqual([
        expect.objectContaining({
          date: today,
          accountIban: MASTER.iban,
          closing: "60.00",
          outstanding: "60.00",
          payoutsInFlight: "0.00",
          creditsUnminted: "0.00",
          expected: "60.00",
          difference: "0.00",
          flagged: false,
        }),
      ]);
      const metrics = await fetch(`${appUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      const labels = `{account="${MASTER.iban}",currency="EUR"}`;
      expect(series(text, "tokenrail_safeguarding_difference_minor")).toBe(
        `tokenrail_safeguarding_difference_minor${labels} 0`,
      );
      expect(series(text, "tokenrail_safeguarding_closing_minor")).toBe(
        `tokenrail_safeguarding_closing_minor${labels} 6000`,
      );
      expect(series(text, "tokenrail_safeguarding_mismatch")).toBe("tokenrail_safeguarding_mismatch 0");
      expect(await ledger()).toMatchObject({
        consistent: true,
        totals: [expect.objectContaining({ chain: "gnosis", minted: "100.00", burned: "40.00" })],
      });
      expect(await onChain()).toBe(parseEther("60"));
      // Every file the bank sent was imported; none refused.
      expect(fs.existsSync(path.join(inbox, "refused"))).toBe(false);
    } catch (error) {
      if (server) await test.info().attach("production instance output", { body: server.output() });
      throw error;
    } finally {
      await operatorConsole?.close();
      if (server) await stopServer(server);
      await devnet.close();
      await database.drop();
      fs.rmSync(bankDir, { recursive: true, force: true });
    }
  });
}
