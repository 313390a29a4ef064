import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { SIGN_IN_LIMIT } from "../security/failure-limiter.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { hashPassword } from "./password.ts";
import { verifyCredentials } from "./verify-credentials.ts";
import { mulberry32 } from "../testing/seeded-random.ts";

// The sign-in failure limit under concurrency (C29), on a real database (PGlite, or PostgreSQL when DATABASE_URL is
// set): attempts for one address made at the same time count each other before their passwords are hashed.
await setUpTestInstance("sign_in_limit");

const PASSWORD = "correct horse battery";

/** A small seeded generator (mulberry32), so a failing order can be replayed. */
function seeded(seed: number) {
  return mulberry32(seed);
}

async function account(): Promise<string> {
  const prisma = await db();
  const email = `limited-${randomBytes(4).toString("hex")}@example.com`;
  await prisma.user.create({
    data: { email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() },
  });
  return email;
}

/** Runs `passwords` for `email` all at once; how each ended: checked and right, checked and wrong, or refused. */
async function signInsAtOnce(email: string, passwords: string[]) {
  const outcomes = await Promise.all(
    passwords.map((password) =>
      verifyCredentials({ email, password }).then(
        (signedIn) => (signedIn ? "signed-in" : "wrong"),
        (error: unknown) => {
          if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") {
            assert.ok(Number(error.headers?.["retry-after"]) > 0, "refusals say when to come back");
            return "refused";
          }
          throw error;
        },
      ),
    ),
  );
  const count = (kind: string) => outcomes.filter((o) => o === kind).length;
  return { signedIn: count("signed-in"), wrong: count("wrong"), refused: count("refused") };
}

describe("C29 the sign-in failure limit holds under concurrency", () => {
  it("C29 of 20 simultaneous sign-ins (19 wrong, 1 right) at most the limit are checked, the rest refused", async () => {
    const email = await account();
    const passwords = [...Array.from({ length: 19 }, (_, i) => `wrong guess ${i}`), PASSWORD];
    const { signedIn, wrong, refused } = await signInsAtOnce(email, passwords);
    assert.ok(signedIn + wrong <= SIGN_IN_LIMIT.maxFailures, `checked ${signedIn + wrong}, refused ${refused}`);
    assert.equal(refused, 20 - signedIn - wrong);
    assert.ok(refused >= 20 - SIGN_IN_LIMIT.maxFailures);
  });

  it("C29 random bursts: never more wrong passwords checked than the limit, whatever the order (seeded)", async () => {
    const random = seeded(0x5eed_c29);
    for (let round = 0; round < 6; round++) {
      const email = await account();
      const size = 6 + Math.floor(random() * 15);
      const right = Math.floor(random() * (size + 1)); // == size: no right password in this burst
      const passwords = Array.from({ length: size }, (_, i) => (i === right ? PASSWORD : `guess ${round}.${i}`));
      const { signedIn, wrong, refused } = await signInsAtOnce(email, passwords);
      const context = `round ${round}: ${size} attempts, right one at ${right}`;
      assert.ok(wrong <= SIGN_IN_LIMIT.maxFailures, `${context}: ${wrong} wrong ones checked`);
      assert.ok(signedIn + wrong <= SIGN_IN_LIMIT.maxFailures, `${context}: ${signedIn + wrong} checked`);
      assert.equal(signedIn + wrong + refused, size, context);
      // The right password is either among those checked (and signs in) or refused with the rest: never "wrong".
      assert.ok(signedIn <= (right < size ? 1 : 0), context);
    }
  });

  it("C29 a right password alone afterwards is refused while the limit holds, and works on its own otherwise", async () => {
    const email = await account();
    await signInsAtOnce(
      email,
      Array.from({ length: 10 }, (_, i) => `wrong ${i}`),
    );
    const { refused } = await signInsAtOnce(email, [PASSWORD]);
    assert.equal(refused, 1, "five wrong ones were checked: the address waits");
    const other = await account();
    assert.deepEqual(await signInsAtOnce(other, [PASSWORD]), { signedIn: 1, wrong: 0, refused: 0 });
    assert.deepEqual(await signInsAtOnce(other, [PASSWORD]), { signedIn: 1, wrong: 0, refused: 0 });
  });
});
