import assert from "node:assert/strict";
import fs from "node:fs";
import { describe, it } from "node:test";
import { isAppError } from "../../errors.ts";
import { spoolBody } from "./spool-body.ts";
import { scratchDir } from "../../testing/scratch-dir.ts";

const spoolDir = scratchDir("bank-spool-");

/** A body of `chunks`, counting how many of them were pulled. */
function body(chunks: Uint8Array[]) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[pulled++];
        if (next) controller.enqueue(next);
        else controller.close();
      },
    },
    // Nothing is pulled before the reader asks.
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

const tooLarge = (error: unknown) => isAppError(error) && error.code === "PAYLOAD_TOO_LARGE";
const leftovers = () => fs.readdirSync(spoolDir);

describe("an uploaded bank file spooled within the limit", () => {
  it("writes the body as it came", async () => {
    const { stream } = body([Buffer.from("<Document>"), Buffer.from("</Document>")]);
    const file = await spoolBody({ declaredLength: undefined, body: stream }, { limit: 100, spoolDir });
    assert.equal(fs.readFileSync(file, "utf8"), "<Document></Document>");
    fs.rmSync(file);
  });

  it("refuses a declared length over the limit before reading a byte", async () => {
    const { stream, pulled } = body([Buffer.alloc(10)]);
    await assert.rejects(spoolBody({ declaredLength: 101, body: stream }, { limit: 100, spoolDir }), tooLarge);
    assert.equal(pulled(), 0);
    assert.deepEqual(leftovers(), []);
  });

  it("refuses a body that grows past the limit as soon as it does, and keeps nothing of it", async () => {
    const { stream, pulled } = body(Array.from({ length: 10 }, () => Buffer.alloc(40)));
    await assert.rejects(spoolBody({ declaredLength: undefined, body: stream }, { limit: 100, spoolDir }), tooLarge);
    assert.ok(pulled() < 10, `pulled ${pulled()} of 10 chunks`);
    assert.deepEqual(leftovers(), []);
  });

  it("refuses an empty body, naming the file", async () => {
    const { stream } = body([]);
    await assert.rejects(
      spoolBody({ declaredLength: 0, body: stream }, { limit: 100, spoolDir }),
      (error) => isAppError(error) && error.code === "VALIDATION" && error.fields?.file === "is empty",
    );
    assert.deepEqual(leftovers(), []);
  });
});
