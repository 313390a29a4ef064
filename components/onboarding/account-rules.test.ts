import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { z } from "zod";
import { signInSchema, signUpSchema } from "../../server/users/users.schemas.ts";
import { checkCredentials, EMAIL_PATTERN, type AccountMode, type Credentials } from "./account-rules.ts";

// The account form's rules in the browser must answer as the server's schemas do: the same values after parsing, or
// the same first message on the same fields. Inputs mix the edges that matter (lengths around the limits, case and
// spaces around an address, addresses that are almost valid, characters whose lower case is longer) with arbitrary
// strings.

const SCHEMAS = { signup: signUpSchema, login: signInSchema } as const;

function serverAnswer(mode: AccountMode, input: Credentials) {
  const result = SCHEMAS[mode].safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return { ok: false, messages };
}

const local = fc.stringMatching(/^[A-Za-z0-9._%'+İ-]{1,70}$/);
const domain = fc.stringMatching(/^[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63}){0,3}$/);
const emails = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("", " ", "\n "),
      local,
      fc.constantFrom("@", "@@", "", "@."),
      domain,
      fc.constantFrom("", "\t"),
    )
    .map(([before, name, at, host, after]) => `${before}${name}${at}${host}${after}`),
  fc
    .tuple(fc.integer({ min: 240, max: 270 }), fc.constantFrom("@example.com", "@EXAMPLE.COM", "example.com", "@İ.com"))
    .map(([length, end]) => `${"a".repeat(length - end.length)}${end}`),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);
const passwords = fc.oneof(
  fc.integer({ min: 0, max: 12 }).map((length) => "p".repeat(length)),
  fc.integer({ min: 195, max: 205 }).map((length) => "q".repeat(length)),
  fc.string({ maxLength: 30 }),
);
const inputs = fc.record({ email: emails, password: passwords });

describe("issue 16: the account form's rules in the browser", () => {
  it("the email pattern is zod's, the one the server's schema applies", () => {
    assert.equal(EMAIL_PATTERN.source, z.regexes.email.source);
    assert.equal(EMAIL_PATTERN.flags, z.regexes.email.flags);
  });

  for (const mode of ["signup", "login"] as const) {
    it(`${mode}: the same values or the same first messages as the server's schema`, () => {
      fc.assert(
        fc.property(inputs, (input) => {
          assert.deepEqual(checkCredentials(mode, input), serverAnswer(mode, input));
        }),
        { numRuns: 3_000 },
      );
    });
  }

  it("the answers the forms show", () => {
    assert.deepEqual(checkCredentials("signup", { email: " Ada@Example.COM ", password: "short" }), {
      ok: false,
      messages: { password: "Use at least 10 characters" },
    });
    assert.deepEqual(checkCredentials("login", { email: "ada@", password: "" }), {
      ok: false,
      messages: { email: "Enter a valid email address", password: "Enter your password" },
    });
    assert.deepEqual(checkCredentials("signup", { email: `${"a".repeat(250)}@b.co`, password: "x".repeat(201) }), {
      ok: false,
      messages: { email: "Use at most 254 characters", password: "Use at most 200 characters" },
    });
    assert.deepEqual(checkCredentials("signup", { email: " Ada@Example.COM ", password: "long enough!" }), {
      ok: true,
      values: { email: "ada@example.com", password: "long enough!" },
    });
  });
});
