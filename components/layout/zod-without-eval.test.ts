import assert from "node:assert/strict";
import { it } from "node:test";
import { validateWithoutEval } from "./zod-without-eval.ts";

// Issue 16: the browser turns zod's compiler off without importing zod. Run before zod loads (as in the browser), the
// setting must reach the zod the forms import, and parsing an object must never construct a Function (which the
// screens' policy would report).

it("issue 16: zod loaded after the setting parses objects without constructing a Function", async () => {
  validateWithoutEval();
  const constructed: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      constructed.push(args.join(","));
      return Reflect.construct(target, args);
    },
  });
  try {
    const { z } = await import("zod");
    assert.equal(z.config().jitless, true);
    const schema = z.object({ email: z.string().email(), password: z.string().min(10) });
    assert.equal(schema.safeParse({ email: "ada@example.com", password: "long enough!" }).success, true);
    assert.equal(schema.safeParse({ email: "ada", password: "" }).success, false);
    const mini = await import("zod/mini");
    assert.equal(mini.object({ a: mini.string() }).safeParse({ a: "b" }).success, true);
  } finally {
    globalThis.Function = RealFunction;
  }
  assert.deepEqual(constructed, []);
});
