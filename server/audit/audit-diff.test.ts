import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { diffRecords } from "./audit-diff.ts";

describe("audit diffs", () => {
  it("list only what changed, by path, with verifications named by kind", () => {
    const before = {
      state: "pending",
      details: "pending",
      form: "approved",
      verifications: [{ kind: "idDocument", state: "pending" }],
    };
    const after = {
      ...before,
      state: "approved",
      details: "approved",
      verifications: [{ kind: "idDocument", state: "approved" }],
    };
    assert.deepEqual(diffRecords(before, after), [
      { path: "state", before: "pending", after: "approved" },
      { path: "details", before: "pending", after: "approved" },
      { path: "verifications.idDocument", before: "pending", after: "approved" },
    ]);
  });

  it("show added and removed values, nested objects and lists of values", () => {
    assert.deepEqual(
      diffRecords({ privileges: ["kyc"], note: null }, { privileges: ["kyc", "signup"], kycModel: "reliance" }),
      [
        { path: "note", before: "null", after: undefined },
        { path: "privileges.1", before: undefined, after: "signup" },
        { path: "kycModel", before: undefined, after: "reliance" },
      ],
    );
    assert.deepEqual(diffRecords(null, { amount: { value: "1.50" } }), [
      { path: "amount.value", before: undefined, after: "1.50" },
    ]);
    assert.deepEqual(diffRecords({ a: 1 }, { a: 1 }), []);
  });
});
