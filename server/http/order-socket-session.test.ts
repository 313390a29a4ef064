import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import WebSocket, { WebSocketServer } from "ws";
import {
  CLOSE,
  openOrderSockets,
  serveOrderSocket,
  type CloseReason,
  type OrderSession,
} from "./order-socket-session.ts";

/**
 * The order socket's life without a database: its token check is stubbed, the rest (ping and pong, expiry, closing)
 * runs over a real WebSocket on a local port.
 */
const PING_MS = 60;
let server: http.Server;
let url: string;
let check: () => Promise<CloseReason | undefined> = () => Promise.resolve(undefined);
let expiresAt: number | undefined;

before(async () => {
  const wss = new WebSocketServer({ noServer: true });
  server = http.createServer();
  server.on("upgrade", (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => {
      const caller = {
        tokenId: randomUUID(),
        clientId: randomUUID(),
        applicationId: randomUUID(),
        userId: randomUUID(),
        profileId: randomUUID(),
        grantType: "client_credentials",
        ...(expiresAt !== undefined ? { expiresAt } : {}),
      };
      const session: OrderSession = {
        authorization: "Bearer x",
        caller,
        query: {},
        watch: { profileId: caller.profileId },
        clock: () => new Date(),
      };
      serveOrderSocket(ws, session, { pingMs: PING_MS, check: () => check() });
    }),
  );
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
after(() => server.close());

function closedOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once("close", (code, reason) => resolve({ code, reason: reason.toString() })));
}

describe("an order WebSocket's life (C62)", () => {
  it("a peer that answers pings stays; one that stops answering is dropped within two pings", async () => {
    const live = new WebSocket(url);
    const dead = new WebSocket(url, { autoPong: false });
    await Promise.all([once(live, "open"), once(dead, "open")]);
    const dropped = closedOf(dead);
    const started = Date.now();
    assert.equal((await dropped).code, 1006, "terminated, no close frame");
    assert.ok(Date.now() - started < PING_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, PING_MS * 3));
    assert.equal(live.readyState, WebSocket.OPEN);
    live.terminate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(openOrderSockets.size, 0, "nothing of a closed socket is kept");
  });

  it("a token found no longer valid at a ping closes the socket with its reason", async () => {
    const ws = new WebSocket(url);
    await once(ws, "open");
    check = () => Promise.resolve(CLOSE.revoked);
    try {
      assert.deepEqual(await closedOf(ws), { code: 4401, reason: "The access token is no longer valid" });
    } finally {
      check = () => Promise.resolve(undefined);
    }
  });

  it("the token's expiry closes the socket then", async () => {
    expiresAt = Date.now() + 150;
    try {
      const ws = new WebSocket(url);
      await once(ws, "open");
      assert.deepEqual(await closedOf(ws), { code: 4401, reason: "The access token expired" });
      assert.ok(Date.now() >= expiresAt);
    } finally {
      expiresAt = undefined;
    }
  });
});
