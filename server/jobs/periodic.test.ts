import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { startWakeable, type WakeReason } from "./periodic.ts";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits (at most a second: a busy machine runs timers late) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 1_000; waited += 5) await pause(5);
}

describe("a wakeable job", () => {
  it("issue 16: tells each run whether its poll asked for it: the start and a tick do, a wake-up alone does not", async () => {
    const runs: WakeReason[] = [];
    let hold: Promise<void> = Promise.resolve();
    const job = startWakeable("test", 1_000, async (reason) => {
      runs.push(reason);
      await hold;
    });
    try {
      await until(() => runs.length === 1);
      assert.deepEqual(runs, [{ polled: true }], "the run at the start looks at everything");
      job.wake();
      await until(() => runs.length === 2);
      assert.deepEqual(runs.at(-1), { polled: false }, "woken between ticks");
      // A tick during a run starts no run of its own; the run after it counts as polled.
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      job.wake();
      await pause(1_100);
      assert.equal(runs.length, 3, "the tick came while the run was under way");
      release();
      hold = Promise.resolve();
      await pause(20);
      assert.equal(runs.length, 3, "the tick alone did not start another run");
      job.wake();
      await until(() => runs.length === 4);
      assert.deepEqual(runs.at(-1), { polled: true }, "the tick is carried to the next run");
    } finally {
      job.stop();
    }
  });
});
