import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { openPglite } from "../db/driver.ts";
import { migrate } from "../db/migrate.ts";
import { ORDER_EVENTS_CHANNEL } from "./order-feed.ts";
import { watches } from "./watch-orders.ts";
import type { OrderView } from "./order-view.ts";

async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("order changes announced to the order WebSockets (C62)", () => {
  it("every statement recording order events announces them as profile/seq items, in payloads under 8000 bytes", async () => {
    const db = openPglite(undefined);
    await migrate(db);
    const heard: string[] = [];
    const unlisten = await db.listen(ORDER_EVENTS_CHANNEL, {
      onNotify: (payload) => void (payload && heard.push(payload)),
      onError: () => undefined,
    });
    try {
      const [a, b] = [randomUUID(), randomUUID()];
      const insert = (rows: [string, string][]) =>
        db.exclusive((sql) =>
          sql.query<{ seq: string; profileId: string }>(
            `INSERT INTO "DomainEvent" ("id", "type", "profileId", "data")
             SELECT gen_random_uuid(), t, p::uuid, '{}'::jsonb FROM unnest($1::text[], $2::text[]) AS x(t, p)
             RETURNING "seq"::text AS seq, "profileId"::text AS "profileId"`,
            [rows.map((r) => r[0]), rows.map((r) => r[1])],
          ),
        );
      const first = await insert([
        ["order.created", a],
        ["profile.updated", a],
        ["order.updated", b],
      ]);
      await until(() => heard.length === 1);
      assert.equal(heard[0], `${a}/${first[0]!.seq},${b}/${first[2]!.seq}`, "order events only, in order");

      await insert([["iban.updated", a]]);
      const many = await insert(Array.from({ length: 400 }, () => ["order.updated", a] as [string, string]));
      await until(() => heard.slice(1).join(",").split(",").length === 400);
      const later = heard.slice(1);
      assert.ok(later.length > 1, "split into several notifications");
      assert.ok(later.every((payload) => payload.length < 8000));
      assert.deepEqual(later.join(",").split(","), many.map((row) => `${a}/${row.seq}`).sort(bySeq));
    } finally {
      await unlisten();
      await db.close();
    }
  });

  it("a watch hears its profile's orders, and with a state only changes into that state", () => {
    const order = { profile: "p1", state: "processed" } as OrderView;
    assert.equal(watches({ profileId: "p1" }, order), true);
    assert.equal(watches({ profileId: "p1", state: "processed" }, order), true);
    assert.equal(watches({ profileId: "p1", state: "pending" }, order), false);
    assert.equal(watches({ profileId: "p2" }, order), false);
  });
});

function bySeq(x: string, y: string): number {
  return Number(x.split("/")[1]) - Number(y.split("/")[1]);
}
