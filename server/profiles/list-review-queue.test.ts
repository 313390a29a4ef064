import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { listReviewQueue } from "./list-review-queue.ts";

await setUpTestInstance("review_queue");

/** A personal profile with sections in the given states, each submitted at the given minute. */
async function profile(name: string, sections: [string, "pending" | "approved", number][], blocked = false) {
  const prisma = await db();
  const { id } = await prisma.profile.create({
    data: { kind: "personal", name, state: blocked ? "blocked" : "pending" },
  });
  for (const [section, state, minute] of sections) {
    const [part, kind = ""] = section.split(":");
    await prisma.profileSubmission.create({
      data: {
        profileId: id,
        section: part as "details" | "form" | "verification",
        kind,
        state,
        data: {},
        submittedAt: new Date(Date.UTC(2026, 0, 1, 12, minute)),
      },
    });
  }
  return id;
}

describe("the review queue", () => {
  it("lists profiles with a pending section, the longest-waiting first, by numbered pages", async () => {
    const late = await profile("Late", [["details", "pending", 30]]);
    const early = await profile("Early", [
      ["details", "approved", 1],
      ["form", "pending", 20],
      ["verification:idDocument", "pending", 5],
    ]);
    await profile("Done", [["details", "approved", 2]]);
    await profile("Blocked", [["details", "pending", 0]], true);
    const middle = await profile("Middle", [["form", "pending", 10]]);

    const all = await listReviewQueue();
    assert.equal(all.total, 3);
    assert.deepEqual(
      all.items.map((i) => i.id),
      [early, middle, late],
    );
    const first = all.items[0]!;
    assert.equal(first.name, "Early");
    assert.deepEqual(first.waitingSince, new Date(Date.UTC(2026, 0, 1, 12, 5)));
    assert.deepEqual(first.pending, [
      { section: "form", kind: "" },
      { section: "verification", kind: "idDocument" },
    ]);

    const second = await listReviewQueue({ page: 2, pageSize: 2 });
    assert.deepEqual(
      { page: second.page, pages: second.pages, ids: second.items.map((i) => i.id) },
      { page: 2, pages: 2, ids: [late] },
    );
    assert.equal((await listReviewQueue({ page: 9, pageSize: 2 })).page, 2);
    assert.equal((await listReviewQueue({ page: -3, pageSize: 2 })).page, 1);
  });
});
