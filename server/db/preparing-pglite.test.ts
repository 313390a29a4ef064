import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { messages, PGlite } from "@electric-sql/pglite";
import { PreparingPGlite } from "./preparing-pglite.ts";

// The embedded database that prepares its statements against PGlite's own, in memory: same answers, same errors.
let prepared: PreparingPGlite;
let plain: PGlite;
const SETUP = `CREATE TABLE t (id int PRIMARY KEY, at timestamptz, big bigint, doc jsonb, name text)`;

before(async () => {
  prepared = new PreparingPGlite();
  plain = new PGlite();
  for (const db of [prepared, plain]) await db.exec(SETUP);
});
after(async () => {
  await prepared.close();
  await plain.close();
});

const preparedCount = async () =>
  Number((await prepared.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]!.n);

describe("the embedded database prepares its statements", () => {
  it("answers as PGlite does, for every kind of parameter, in object and array rows", async () => {
    const insert = `INSERT INTO t VALUES ($1, $2, $3, $4, $5) RETURNING *`;
    const rows: unknown[][] = [
      [1, new Date("2026-01-02T03:04:05.678Z"), 9007199254740993n, { a: [1, "x"] }, "één"],
      [2, null, null, null, null],
    ];
    for (const row of rows) {
      assert.deepEqual(await prepared.query(insert, row), await plain.query(insert, row));
    }
    const select = `SELECT * FROM t WHERE id = ANY ($1::int[]) ORDER BY id`;
    for (const rowMode of ["object", "array"] as const) {
      assert.deepEqual(
        await prepared.query(select, [[1, 2]], { rowMode }),
        await plain.query(select, [[1, 2]], { rowMode }),
      );
    }
  });

  it("parses and plans a statement once, however often it runs", async () => {
    const sql = `SELECT name FROM t WHERE id = $1`;
    await prepared.query(sql, [1]);
    const afterFirst = await preparedCount();
    for (let i = 0; i < 5; i++) await prepared.query(sql, [1]);
    assert.equal(await preparedCount(), afterFirst);
    await prepared.query(`SELECT name FROM t WHERE id = $1 AND true`, [1]);
    assert.equal(await preparedCount(), afterFirst + 1);
  });

  it("fails as PGlite does, and runs on afterwards, inside and outside transactions", async () => {
    const duplicate = () => prepared.query(`INSERT INTO t (id) VALUES ($1)`, [1]);
    await assert.rejects(duplicate(), (e) => e instanceof messages.DatabaseError && e.code === "23505");
    await assert.rejects(duplicate(), (e) => e instanceof messages.DatabaseError && e.code === "23505");
    await assert.rejects(prepared.query(`SELEKT 1`), (e) => e instanceof messages.DatabaseError && e.code === "42601");
    await assert.rejects(
      prepared.transaction(async (tx) => {
        await tx.query(`INSERT INTO t (id) VALUES ($1)`, [10]);
        await tx.query(`INSERT INTO t (id) VALUES ($1)`, [10]);
      }),
      (e) => e instanceof messages.DatabaseError && e.code === "23505",
    );
    assert.equal((await prepared.query(`SELECT id FROM t WHERE id = $1`, [10])).rows.length, 0, "rolled back");
    await prepared.transaction(async (tx) => {
      await tx.query(`INSERT INTO t (id) VALUES ($1)`, [11]);
    });
    assert.equal((await prepared.query(`SELECT id FROM t WHERE id = $1`, [11])).rows.length, 1, "committed");
  });

  it("prepares again a statement whose columns a schema change altered", async () => {
    const sql = `SELECT * FROM t WHERE id = $1`;
    const before = await prepared.query<Record<string, unknown>>(sql, [1]);
    await prepared.exec(`ALTER TABLE t ADD COLUMN extra text DEFAULT 'x'`);
    const afterChange = await prepared.query<Record<string, unknown>>(sql, [1]);
    assert.ok(!("extra" in before.rows[0]!));
    assert.equal(afterChange.rows[0]!.extra, "x");
  });

  it("delivers notifications raised by a prepared statement", async () => {
    const heard: string[] = [];
    await prepared.listen("tr_test", (payload) => heard.push(payload));
    await prepared.query(`SELECT pg_notify('tr_test', $1)`, ["hello"]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(heard, ["hello"]);
  });
});
