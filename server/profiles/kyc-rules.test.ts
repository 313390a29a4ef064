import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { deriveProfileState, requiredSections, submissionConflict, type SectionStatus } from "./kyc-rules.ts";

const details = (state: SectionStatus["state"]): SectionStatus => ({ section: "details", kind: "", state });
const form = (state: SectionStatus["state"]): SectionStatus => ({ section: "form", kind: "", state });
const verification = (kind: string, state: SectionStatus["state"]): SectionStatus => ({
  section: "verification",
  kind,
  state,
});

describe("KYC transition table", () => {
  const derived: [string, Parameters<typeof deriveProfileState>[0], string][] = [
    ["nothing submitted", { model: "sharing", kind: "personal", blocked: false, sections: [] }, "created"],
    [
      "details submitted",
      { model: "sharing", kind: "personal", blocked: false, sections: [details("pending")] },
      "pending",
    ],
    [
      "sharing: details approved, form and verification missing",
      { model: "sharing", kind: "personal", blocked: false, sections: [details("approved")] },
      "pending",
    ],
    [
      "sharing: everything required approved",
      {
        model: "sharing",
        kind: "personal",
        blocked: false,
        sections: [details("approved"), form("approved"), verification("idDocument", "approved")],
      },
      "approved",
    ],
    [
      "sharing corporate: needs beneficial ownership",
      {
        model: "sharing",
        kind: "corporate",
        blocked: false,
        sections: [details("approved"), form("approved"), verification("idDocument", "approved")],
      },
      "pending",
    ],
    [
      "reliance: details approved is enough",
      { model: "reliance", kind: "personal", blocked: false, sections: [details("approved")] },
      "approved",
    ],
    [
      "reliance: an optional due diligence awaiting review keeps it approved",
      {
        model: "reliance",
        kind: "personal",
        blocked: false,
        sections: [details("approved"), verification("enhancedDueDiligence", "pending")],
      },
      "approved",
    ],
    [
      "any section rejected",
      { model: "reliance", kind: "personal", blocked: false, sections: [details("approved"), form("rejected")] },
      "rejected",
    ],
    ["blocked wins", { model: "sharing", kind: "personal", blocked: true, sections: [details("approved")] }, "blocked"],
  ];
  for (const [title, input, state] of derived) {
    it(`profile state: ${title} → ${state}`, () => assert.equal(deriveProfileState(input), state));
  }

  it("reliance requires details only; sharing details, form and the kind's verification", () => {
    assert.deepEqual(requiredSections("reliance", "corporate"), [{ section: "details", kind: "" }]);
    assert.deepEqual(
      requiredSections("sharing", "personal").map((s) => `${s.section}:${s.kind}`),
      ["details:", "form:", "verification:idDocument"],
    );
  });

  const conflicts: [string, Parameters<typeof submissionConflict>[0], RegExp | undefined][] = [
    [
      "resubmitting a pending section",
      { blocked: false, sections: [details("pending")], target: details("pending"), changesKind: false },
      undefined,
    ],
    [
      "resubmitting a rejected section",
      { blocked: false, sections: [details("rejected")], target: details("pending"), changesKind: false },
      undefined,
    ],
    [
      "resubmitting an approved section",
      { blocked: false, sections: [details("approved")], target: details("pending"), changesKind: false },
      /details is already approved/,
    ],
    [
      "a new verification beside approved details",
      {
        blocked: false,
        sections: [details("approved")],
        target: verification("idDocument", "pending"),
        changesKind: false,
      },
      undefined,
    ],
    [
      "anything while blocked",
      { blocked: true, sections: [], target: details("pending"), changesKind: false },
      /blocked/,
    ],
    [
      "changing kind after an approval",
      { blocked: false, sections: [form("approved")], target: details("pending"), changesKind: true },
      /kind cannot change/,
    ],
    [
      "changing kind before any approval",
      { blocked: false, sections: [form("pending")], target: details("pending"), changesKind: true },
      undefined,
    ],
  ];
  for (const [title, input, expected] of conflicts) {
    it(`submission: ${title} → ${expected ? "409" : "accepted"}`, () => {
      const conflict = submissionConflict(input);
      if (expected) assert.match(conflict ?? "", expected);
      else assert.equal(conflict, undefined);
    });
  }
});
