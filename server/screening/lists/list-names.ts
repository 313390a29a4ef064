import type { ScreenedSource } from "../list-entry.ts";

/** What the console and the messages call each list. */
export const LIST_NAMES: Record<ScreenedSource, string> = {
  eu: "EU consolidated financial sanctions list",
  un: "UN Security Council consolidated list",
  ofac: "OFAC SDN list",
  uk: "UK sanctions list",
  sandbox: "Sandbox test list",
};

/** How a list file reached us. */
export const LIST_ORIGINS = ["upload", "folder", "url", "simulator"] as const;
export type ListOrigin = (typeof LIST_ORIGINS)[number];
