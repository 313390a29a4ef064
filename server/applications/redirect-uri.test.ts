import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { redirectUriMatches } from "./redirect-uri.ts";

describe("redirectUriMatches", () => {
  const same: [string, string][] = [
    ["https://wallet.example/cb", "https://wallet.example/cb"],
    ["http://localhost:5173/callback", "http://localhost:49152/callback"],
    ["http://localhost/callback", "http://localhost:8080/callback"],
    ["http://127.0.0.1:3000/cb?x=1", "http://127.0.0.1:4000/cb?x=1"],
    ["http://localhost:5173", "http://localhost:1"],
  ];
  for (const [registered, presented] of same) {
    it(`C2: ${presented} matches ${registered}`, () => assert.ok(redirectUriMatches(registered, presented)));
  }
  const different: [string, string][] = [
    ["https://wallet.example/cb", "https://wallet.example:8443/cb"],
    ["https://wallet.example/cb", "https://wallet.example/cb/"],
    ["http://localhost:5173/callback", "http://localhost:5173/Callback"],
    ["http://localhost:5173/callback", "http://127.0.0.1:5173/callback"],
    ["http://localhost:5173/callback", "http://LOCALHOST:5173/callback"],
    ["http://localhost:5173/callback", "http://localhost:5173/callback?next=1"],
    ["http://localhost:5173/callback", "http://localhost:5173@evil.example/callback"],
    ["http://localhost:5173/callback", "http://localhost.evil.example:5173/callback"],
    ["http://localhost:5173/callback", "http://localhost:70000/callback"],
    ["http://localhost:5173/callback", "http://localhost:05173/callback"],
    ["http://localhost:5173/callback", "https://localhost:5173/callback"],
  ];
  for (const [registered, presented] of different) {
    it(`C1: ${presented} does not match ${registered}`, () => assert.ok(!redirectUriMatches(registered, presented)));
  }
});
