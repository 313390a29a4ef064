import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CallbackRouteError,
  CredentialsSignin,
  InvalidCallbackUrl,
  JWTSessionError,
  MissingCSRF,
  MissingSecret,
  UnknownAction,
} from "@auth/core/errors";
import { authErrorLevel } from "./auth-error-level.ts";

class RateLimited extends CredentialsSignin {
  override code = "rate_limited";
}

describe("authErrorLevel", () => {
  it("a forged or garbled session cookie, a missing CSRF token, an unknown action are warnings", () => {
    for (const error of [
      new JWTSessionError("Invalid Compact JWE"),
      new MissingCSRF("CSRF token was missing during an action callback"),
      new InvalidCallbackUrl("Invalid callback URL"),
      new UnknownAction("Unsupported action"),
    ]) {
      assert.equal(authErrorLevel(error), "warn", error.name);
    }
  });

  it("a refused sign-in, also through a subclass, is information", () => {
    assert.equal(authErrorLevel(new CredentialsSignin()), "info");
    assert.equal(authErrorLevel(new RateLimited()), "info");
  });

  it("the server's own failures stay errors", () => {
    assert.equal(authErrorLevel(new CallbackRouteError("database unreachable")), "error");
    assert.equal(authErrorLevel(new MissingSecret("no secret")), "error");
    assert.equal(authErrorLevel(new TypeError("x is undefined")), "error");
    assert.equal(authErrorLevel(Object.assign(new Error("odd"), { name: "constructor" })), "error");
  });
});
