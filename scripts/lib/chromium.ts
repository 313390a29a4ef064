import fs from "node:fs";
import { chromium } from "@playwright/test";

/** Debian's Chromium when installed (Playwright's browser download host is not reachable from our machines). */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** Flags that keep a headless Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The browser the UI tests use, or undefined with the reason when there is none. */
export function findChromium(): { executablePath?: string; missing?: string } {
  if (fs.existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM };
  const bundled = chromium.executablePath();
  if (bundled && fs.existsSync(bundled)) return {};
  return {
    missing:
      "No Chromium found. Install Debian's (apt-get install -y chromium, gives /usr/bin/chromium) " +
      "or Playwright's own (npx playwright install chromium).",
  };
}
