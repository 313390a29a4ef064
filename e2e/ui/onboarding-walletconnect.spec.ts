import { expect, test, type Page, type WebSocketRoute } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { REDIRECT } from "../fixtures/customer.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { signUp } from "../fixtures/onboarding.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { installWallet } from "../fixtures/wallet.ts";

// WalletConnect on the wallet step (issue 8): offered only by an instance with a project id, on a page of its own.
// Nothing here reaches the internet: every request that leaves the machine is refused, and the relay's WebSocket is
// answered inside the browser (closed, or acknowledged by a stand-in that never pairs a wallet).
const SEPOLIA = 11155111;
const PROJECT_ID = "0123456789abcdef0123456789abcdef";
const RELAY = /^wss?:\/\/(?!localhost|127\.0\.0\.1)/;

/** `/auth` of an instance with `skip_kyc`, then a new account: the browser lands on the wallet step. */
async function toWalletStep(page: Page, target: { baseUrl: string; codeClientId: string }): Promise<string> {
  const { challenge } = pkcePair();
  const url = new URL(`${target.baseUrl}/auth`);
  url.search = new URLSearchParams({
    client_id: target.codeClientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "walletconnect",
    skip_kyc: "true",
  }).toString();
  await page.goto(url.toString());
  await signUp(page, uniqueEmail("walletconnect"));
  await expect(page).toHaveURL(/\/authorize\/wallet\?request=/, { timeout: 15_000 });
  return new URL(page.url()).searchParams.get("request") ?? "";
}

/** Refuses every request to another host: the page may only talk to the instance under test. */
async function offline(page: Page, appUrl: string): Promise<void> {
  const own = new URL(appUrl).host;
  await page.context().route(
    (url) => url.host !== own && url.protocol.startsWith("http"),
    (route) => route.abort("internetdisconnected"),
  );
}

test("issue 8: without a WalletConnect project the wallet step offers browser wallets only, and the WalletConnect page is 404", async ({
  page,
}) => {
  await installWallet(page, { chainId: SEPOLIA });
  const request = await toWalletStep(page, { baseUrl: server.baseUrl, codeClientId: server.demo.codeClientId });
  await expect(page.getByRole("button", { name: "Test Wallet" })).toBeVisible();
  await expect(page.getByRole("link", { name: /WalletConnect/ })).toHaveCount(0);

  const direct = await page.goto(`/authorize/wallet/walletconnect?request=${request}`);
  expect(direct?.status()).toBe(404);
});

test.describe("an instance with a WalletConnect project", () => {
  // Serial, each with room for an axe scan on a busy machine; no step waits on a relay for long.
  test.describe.configure({ mode: "serial", timeout: 60_000 });
  let target: DemoInstance;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    target = await startDemoInstance(server.port + 3, { TOKENRAIL_WALLETCONNECT_PROJECT_ID: PROJECT_ID });
  });
  test.afterAll(async () => {
    await stopServer(target.server);
  });

  test("issue 8: the wallet step lists WalletConnect beside the browser wallet and leads to its own page; an unreachable relay is said at once", async ({
    page,
  }, testInfo) => {
    await offline(page, target.appUrl);
    const relay: string[] = [];
    await page.routeWebSocket(RELAY, (ws) => {
      relay.push(ws.url());
      void ws.close({ code: 1011, reason: "relay unreachable" });
    });
    await installWallet(page, { chainId: SEPOLIA });
    await toWalletStep(page, { baseUrl: target.baseUrl, codeClientId: target.demo.codeClientId });
    await expect(page.getByRole("button", { name: "Test Wallet" })).toBeVisible();
    const choice = page.getByRole("link", { name: /WalletConnect/ });
    await expect(choice).toContainText("Scan a QR code with a wallet app on your phone");

    await choice.click();
    await expect(page).toHaveURL(/\/authorize\/wallet\/walletconnect\?request=/);
    await expect(page.getByRole("heading", { name: "Connect with WalletConnect" })).toBeVisible();
    expect(relay, "nothing reaches for the relay before the person asks").toEqual([]);
    await checkAccessibility(page, testInfo, "walletconnect-start");

    const started = Date.now();
    await page.getByRole("button", { name: "Show the QR code" }).click();
    await expect(page.locator("#walletconnect-error")).toHaveText(
      "WalletConnect's relay service could not be reached, so no QR code can be shown. Check your internet connection and try again, or use a browser wallet.",
      { timeout: 12_000 },
    );
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(relay.length).toBeGreaterThan(0);
    expect(new URL(relay[0] ?? "").searchParams.get("projectId")).toBe(PROJECT_ID);
    await expect(page.getByRole("button", { name: "Try again" })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath("walletconnect-unreachable.png"), fullPage: true });

    await page.getByRole("link", { name: "Use a browser wallet instead" }).click();
    await expect(page).toHaveURL(/\/authorize\/wallet\?request=/);
    await expect(page.getByRole("button", { name: "Test Wallet" })).toBeVisible();
  });

  test("issue 8: a relay that answers gives a pairing link, shown as a QR code and as a link for a wallet on this device", async ({
    page,
  }, testInfo) => {
    await offline(page, target.appUrl);
    // A stand-in for the relay: it acknowledges every JSON-RPC request (subscribe, publish) and pairs nothing.
    await page.routeWebSocket(RELAY, (ws: WebSocketRoute) => {
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as { id?: number; method?: string };
        if (message.id === undefined || !message.method) return;
        const result = message.method.endsWith("ubscribe") ? "0".repeat(64) : true;
        ws.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result }));
      });
    });
    const request = await toWalletStep(page, { baseUrl: target.baseUrl, codeClientId: target.demo.codeClientId });
    await page.goto(`${target.appUrl}/authorize/wallet/walletconnect?request=${request}`);
    await page.getByRole("button", { name: "Show the QR code" }).click();

    const qr = page.getByRole("img", { name: "QR code of the WalletConnect pairing link" });
    await expect(qr).toBeVisible({ timeout: 12_000 });
    const uri = (await qr.getAttribute("data-value")) ?? "";
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(new URLSearchParams(uri.split("?")[1]).get("relay-protocol")).toBe("irn");
    await expect(page.getByRole("link", { name: "Open in a wallet app on this device" })).toHaveAttribute("href", uri);
    await expect(page.locator(".progress-note")).toHaveText(/Waiting for your wallet to approve the connection/);
    await checkAccessibility(page, testInfo, "walletconnect-qr");
  });
});
