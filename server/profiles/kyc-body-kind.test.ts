// Every KYC body carries exactly one of personal or corporate.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  formBodySchema,
  verificationsBodySchema,
  type CorporateDetails,
  type CorporateForm,
  type DetailsBody,
  type FormBody,
  type PersonalDetails,
  type PersonalForm,
  type ProfileKind,
  type Verification,
  type VerificationsBody,
} from "./kyc.schemas.ts";
import { PERSON, details, errors, parse } from "./testing/kyc-bodies.ts";

// The outputs fit the shapes the use cases are written against.
type Assert<T extends true> = T;
type _Details = Assert<
  DetailsBody extends { kind: ProfileKind; name: string; details: PersonalDetails | CorporateDetails } ? true : false
>;
type _Form = Assert<FormBody extends { kind: ProfileKind; form: PersonalForm | CorporateForm } ? true : false>;
type _Verifications = Assert<
  VerificationsBody extends { kind: ProfileKind; verifications: Verification[] } ? true : false
>;

describe("exactly one of personal or corporate", () => {
  const bodies: [string, unknown, Record<string, string>][] = [
    ["neither", {}, { personal: "Submit either personal or corporate" }],
    ["only unknown keys", { individual: PERSON }, { personal: "Submit either personal or corporate" }],
    ["both", { personal: PERSON, corporate: {} }, { personal: "Submit either personal or corporate" }],
    ["both null", { personal: null, corporate: null }, { personal: "Submit either personal or corporate" }],
    ["a string", "personal", { "": "Send a JSON object with personal or corporate" }],
    ["an array", [PERSON], { "": "Send a JSON object with personal or corporate" }],
    ["personal not an object", { personal: "Jane" }, { personal: "Personal details must be an object" }],
  ];
  for (const [name, body, expected] of bodies) {
    it(`refuses ${name} (details)`, () => assert.deepEqual(errors(details, body), expected));
  }

  it("reports a personal or corporate value of the wrong type at its key", () => {
    assert.deepEqual(errors(formBodySchema, { personal: ["OCCUPATION_EMPLOYED"] }), {
      personal: "Personal form must be an object",
    });
    assert.deepEqual(errors(formBodySchema, { corporate: 42 }), { corporate: "Corporate form must be an object" });
    assert.deepEqual(errors(verificationsBodySchema, { corporate: "idDocument" }), {
      corporate: "Verifications must be a list",
    });
    assert.deepEqual(errors(verificationsBodySchema, { personal: ["idDocument"] }), {
      "personal.0": "Verification must be an object",
    });
  });

  it("applies to the form and verification bodies too", () => {
    assert.deepEqual(errors(formBodySchema, {}), { personal: "Submit either personal or corporate" });
    assert.deepEqual(errors(verificationsBodySchema, { personal: [], corporate: [] }), {
      personal: "Submit either personal or corporate",
    });
  });

  it("treats a null sibling as absent", () => {
    assert.equal(parse(details, { personal: PERSON, corporate: null }).kind, "personal");
  });
});
