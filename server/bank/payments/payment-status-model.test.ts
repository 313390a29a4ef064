import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import type { Order } from "../../generated/prisma/client.ts";
import { ledgerReport } from "../../ledger/ledger-report.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { readPaymentStatus } from "../iso20022/read-payment-status.ts";
import {
  generatePain002,
  type GeneratedStatus,
  type GeneratedTransactionStatus,
} from "../iso20022/testing/generate-pain002.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { redeemEndToEndId } from "./end-to-end-id.ts";
import { runPaymentRun } from "./payouts.ts";
import { applied, reissuesOf, walletBalance } from "./testing/payout-assertions.ts";
import { bankConfig, burned, customer, orderEvents, placedRedeem } from "./testing/payout-fixtures.ts";
import { mulberry32 } from "../../testing/seeded-random.ts";

/*
 * Issue 31, the class: random pain.002 reports (seeded, reproducible with TOKENRAIL_TEST_SEED) with or without a
 * group status, a block status and payment statuses, applied in turn (and some twice) to one file's payouts, checked
 * against a model written from the rule alone: the most specific level with a status answers a payment; RJCT
 * rejects it, an acceptance accepts it, anything else does nothing; a status never undoes what a more specific one
 * decided; a rejected payout gives its tokens back exactly once (C50).
 */
await setUpTestInstance("payment-status-model");

const config = bankConfig();
const SEED = Number(process.env.TOKENRAIL_TEST_SEED ?? 31_050);
const CASES = 10;

/** mulberry32: a small seeded generator, the same sequence for the same seed. */
function random(seed: number): () => number {
  return mulberry32(seed);
}

type Level = "group" | "paymentInformation" | "transaction";
const RANK: Record<Level, number> = { group: 0, paymentInformation: 1, transaction: 2 };
const ACCEPTED = new Set(["ACCP", "ACSC", "ACSP", "ACTC", "ACWC"]);
type Model = { state: "released" | "accepted" | "rejected"; level: Level | null; reason: string | null };

const HIGHER = [undefined, undefined, "ACCP", "ACTC", "ACSC", "PART", "PART", "PDNG", "RJCT", "RJCT"];
const OWN = [undefined, "ACCP", "ACSP", "PDNG", "RJCT", "RJCT"];
const REASONS = [undefined, undefined, "AM04", "AC01", "FF01"];

type Answer = { group: GeneratedStatus; block?: GeneratedStatus; transactions: GeneratedTransactionStatus[] };

function randomAnswer(pick: <T>(items: readonly T[]) => T, chance: () => boolean, endToEndIds: string[]): Answer {
  const level = (codes: readonly (string | undefined)[]): GeneratedStatus => {
    const status = pick(codes);
    const reason = pick(REASONS);
    return { ...(status ? { status } : {}), ...(reason ? { reason } : {}) };
  };
  const transactions = endToEndIds.filter(chance).map((endToEndId) => ({ endToEndId, ...level(OWN) }));
  if (chance() && chance()) transactions.push({ endToEndId: "NOT-OURS", status: "RJCT" });
  const block = transactions.length > 0 || chance() ? level(HIGHER) : undefined;
  return { group: level(HIGHER), block, transactions };
}

/** The rule, for one payout, from the answer alone. */
function modelApply(model: Model, answer: Answer, endToEndId: string): Model {
  const own = answer.transactions.find((transaction) => transaction.endToEndId === endToEndId);
  const levels: [Level, GeneratedStatus | undefined][] = [
    ["transaction", own],
    ["paymentInformation", answer.block],
    ["group", answer.group],
  ];
  const deciding = levels.find(([, said]) => said?.status !== undefined);
  if (!deciding) return model;
  const [level, { status }] = deciding as [Level, GeneratedStatus];
  const reason = levels.find(([, said]) => said?.reason !== undefined)?.[1]?.reason ?? null;
  const overrules = model.level === null || RANK[level] >= RANK[model.level];
  if (status === "RJCT") {
    if (model.state === "released" || (model.state === "accepted" && overrules)) {
      return { state: "rejected", level, reason };
    }
  } else if (ACCEPTED.has(status!)) {
    if (model.state === "released") return { state: "accepted", level, reason: null };
    if (model.state === "accepted" && RANK[level] > RANK[model.level!]) return { ...model, level };
  }
  return model;
}

async function releasedFile(count: number, seed: number): Promise<{ messageId: string; orders: Order[] }> {
  const manual = bankConfig({ manual: true });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const amountMinor = BigInt(100 + seed * 10 + i);
    ids.push((await burned(await placedRedeem(await customer(), { amountMinor }), manual)).id);
  }
  const [file] = (await runPaymentRun(config)).files;
  const prisma = await db();
  const orders = await prisma.order.findMany({ where: { id: { in: ids } } });
  return { messageId: file!.messageId, orders: ids.map((id) => orders.find((order) => order.id === id)!) };
}

describe("issue 31: pain.002 status levels against a model (C50)", () => {
  after(tearDownDrivers);

  it(`C50 random group, block and payment statuses, some applied twice, end as the model says, tokens back exactly once (seed ${SEED})`, async () => {
    const next = random(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const chance = () => next() < 0.5;
    const prisma = await db();
    for (let run = 0; run < CASES; run++) {
      const { messageId, orders } = await releasedFile(2 + Math.floor(next() * 2), run);
      const endToEndIds = orders.map((order) => redeemEndToEndId(order.id));
      let models: Model[] = orders.map(() => ({ state: "released", level: null, reason: null }));
      const history: Answer[] = [];
      for (let step = 0, steps = 1 + Math.floor(next() * 3); step < steps; step++) {
        const answer = history.length > 0 && next() < 0.25 ? pick(history) : randomAnswer(pick, chance, endToEndIds);
        history.push(answer);
        const bytes = generatePain002({
          messageId: `STS-MODEL-${SEED}-${run}-${step}`,
          createdAt: "2026-11-26T15:40:12+01:00",
          original: { messageId },
          group: answer.group,
          blocks:
            answer.block || answer.transactions.length > 0
              ? [{ paymentInformationId: messageId, ...answer.block, transactions: answer.transactions }]
              : [],
        });
        await applied(readPaymentStatus(readBankFile(bytes)), config);
        models = models.map((model, i) => modelApply(model, answer, endToEndIds[i]!));
        const where = `seed ${SEED}, case ${run}, report ${step}: ${JSON.stringify(history)}`;
        const rows = await prisma.payout.findMany({ where: { orderId: { in: orders.map((order) => order.id) } } });
        assert.deepEqual(
          orders.map((order) => {
            const row = rows.find((payout) => payout.orderId === order.id)!;
            return { state: row.state, level: row.statusLevel, reason: row.reasonCode };
          }),
          models,
          where,
        );
      }
      for (const [i, order] of orders.entries()) {
        const where = `seed ${SEED}, case ${run}, payout ${i}: ${JSON.stringify(history)}`;
        const reissues = await reissuesOf(order, config);
        const rejected = models[i]!.state === "rejected";
        assert.equal(reissues.length, rejected ? 1 : 0, where);
        assert.equal(await walletBalance(order), rejected ? order.amountMinor : 0n, where);
        if (rejected) {
          assert.deepEqual(await orderEvents(reissues[0]!.id), [
            { type: "order.created", state: "pending" },
            { type: "order.updated", state: "processed" },
          ]);
        }
      }
    }
    assert.equal((await ledgerReport()).consistent, true);
  });
});
