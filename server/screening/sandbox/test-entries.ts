import type { ListEntry } from "../list-entry.ts";

/**
 * The sandbox's test list: clearly fake names and addresses that always hit, so integrators can see a held approval,
 * a refused address and a case without a real sanctioned name (docs/compliance.md, "Sandbox test names"). The
 * addresses are those of the private keys 0x…01, 0x…02 and 0x…03 (and 0x…04 on for the updates): widely known test
 * keys, so an integrator can sign the link message with them and see the refusal.
 */

const entry = (e: Partial<ListEntry> & Pick<ListEntry, "ref" | "kind" | "names">): ListEntry => ({
  birthDates: [],
  nationalities: [],
  countries: [],
  identifiers: [],
  walletAddresses: [],
  programs: ["TOKENRAIL-SANDBOX-TEST"],
  remarks: "Sandbox test entry: not a real sanctioned party",
  ...e,
});

/** The first version, seeded at boot in the sandbox. */
export const TEST_ENTRIES: readonly ListEntry[] = [
  entry({
    ref: "TR-TEST-1",
    kind: "person",
    names: [
      { name: "Sanctioned Testperson", primary: true },
      { name: "Санкционный Тестперсон", primary: false },
    ],
  }),
  entry({
    ref: "TR-TEST-2",
    kind: "person",
    names: [{ name: "Listed Testdirector", primary: true }],
  }),
  entry({
    ref: "TR-TEST-3",
    kind: "entity",
    names: [{ name: "Tokenrail Test Sanctioned Company Ltd", primary: true }],
  }),
  entry({
    ref: "TR-TEST-4",
    kind: "entity",
    names: [{ name: "Tokenrail Test Sanctioned Wallets", primary: true }],
    walletAddresses: [
      { currency: "ETH", address: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf" },
      { currency: "ETH", address: "0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF" },
      { currency: "USDC", address: "0x6813Eb9362372EEF6200f3b1dbC3f819671cBA69" },
    ],
  }),
];

/**
 * What each published update adds, in order: a person and an address (of the private keys 0x…04 to 0x…09). Past
 * the last, an update changes the remarks of the last entry, so there is always a next version to publish.
 */
export const TEST_UPDATES: readonly ListEntry[] = [
  ["Alpha", "0x1efF47bc3a10a45D4B230B5d10E37751FE6AA718"],
  ["Bravo", "0xe1AB8145F7E55DC933d51a18c793F901A3A0b276"],
  ["Charlie", "0xE57bFE9F44b819898F47BF37E5AF72a0783e1141"],
  ["Delta", "0xd41c057fd1c78805AAC12B0A94a405c0461A6FBb"],
  ["Echo", "0xF1F6619B38A98d6De0800F1DefC0a6399eB6d30C"],
  ["Foxtrot", "0xF7Edc8FA1eCc32967F827C9043FcAe6ba73afA5c"],
].map(([word, address], i) =>
  entry({
    ref: `TR-TEST-U${i + 1}`,
    kind: "person",
    names: [{ name: `${word} Listupdate`, primary: true }],
    walletAddresses: [{ currency: "ETH", address: address! }],
  }),
);

/** The entries of the test list's version `number` (1: the seeded one; each later one adds an update). */
export function testListEntries(number: number): ListEntry[] {
  const added = TEST_UPDATES.slice(0, Math.max(0, number - 1));
  const entries = [...TEST_ENTRIES, ...added];
  const beyond = number - 1 - TEST_UPDATES.length;
  if (beyond > 0) {
    const last = entries.at(-1)!;
    entries[entries.length - 1] = { ...last, remarks: `${last.remarks} (republished, version ${number})` };
  }
  return entries;
}
