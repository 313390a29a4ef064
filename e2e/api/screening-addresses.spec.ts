import { privateKeyToAccount } from "viem/accounts";
import type { APIRequestContext } from "@playwright/test";
import { TEST_UPDATES } from "../../server/screening/sandbox/test-entries.ts";
import { api, jsonOf } from "../fixtures/api.ts";
import { expect, test } from "../fixtures/contract-test.ts";
import { LINK_MESSAGE, linkedCustomer } from "../fixtures/customer.ts";
import { V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { roleOperatorSession } from "../fixtures/operator.ts";

/**
 * C64, C65 through the front door, on the sandbox's test list (seeded at boot; docs/compliance.md, "Sandbox test
 * names"): a listed address is refused at linking without saying why, and a compliance officer sees the case; the
 * simulator's "publish list update" makes a version whose re-screening finds the customer it names, and no other.
 */

type Case = { profileId: string | null; subjectKind: string; subjectName: string; holds: string; listRef: string };
type Published = { version: { id: string; source: string; number: number; origin: string; added: number } };

/** Every open case (the queue is paged, oldest first). */
async function openCases(officer: APIRequestContext): Promise<Case[]> {
  const all: Case[] = [];
  for (let page = 1; ; page++) {
    const res = await officer.get(`/api/admin/screening/cases?page=${page}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { cases: Case[]; pages: number };
    all.push(...body.cases);
    if (page >= body.pages) return all;
  }
}

test.describe.configure({ mode: "serial" });

test("C64: an address on a list is refused at linking, 403 saying only that it cannot be linked, and opens one case", async ({
  request,
}) => {
  const { profile, partner } = await linkedCustomer(request);
  const listed = privateKeyToAccount(`0x${"1".padStart(64, "0")}`);
  const signature = await listed.signMessage({ message: LINK_MESSAGE });
  for (const address of [listed.address, listed.address.toLowerCase()]) {
    const res = await request.post(api("/addresses"), {
      headers: partner,
      data: { profile, address, chain: "sepolia", message: LINK_MESSAGE, signature },
    });
    expect(res.status()).toBe(403);
    expect(await jsonOf(res)).toEqual({ code: 403, status: "Forbidden", message: "This address cannot be linked" });
  }
  const addresses = await request.get(api(`/addresses?profile=${profile}`), { headers: partner });
  expect(
    ((await addresses.json()) as { addresses: { address: string }[] }).addresses.map((a) => a.address),
  ).not.toContain(listed.address);
  const officer = await roleOperatorSession("compliance");
  const mine = (await openCases(officer)).filter((c) => c.profileId === profile);
  expect(mine.map((c) => [c.subjectKind, c.subjectName, c.holds, c.listRef])).toEqual([
    ["address", listed.address.toLowerCase(), "address", "TR-TEST-4"],
  ]);
});

test("C65: publishing the test list's next version re-screens every customer and opens a case for the one it names", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const officer = await roleOperatorSession("compliance");
  const publish = () => officer.post("/api/admin/screening/test-list");
  // Another role may not: the admin API answers as if the route did not exist.
  const treasurer = await roleOperatorSession("treasurer");
  expect((await treasurer.post("/api/admin/screening/test-list")).status()).toBe(404);

  const first = await publish();
  expect(first.status(), await first.text()).toBe(201);
  const { version } = (await first.json()) as Published;
  expect(version).toMatchObject({ source: "sandbox", origin: "simulator" });
  // The version after this one adds the next bundled name: a customer bearing it, and one bearing none, sign up.
  const next = TEST_UPDATES[version.number - 1];
  // The suite publishes three updates on its fresh instance, well within the six bundled ones: a test that could
  // skip would prove nothing, so running out is a failure.
  expect(next, "a bundled update is left to publish on this instance").toBeDefined();
  const [firstName, lastName] = next!.names[0]!.name.split(" ");
  const named = await linkedCustomer(request);
  const stranger = await linkedCustomer(request);
  for (const [who, name] of [
    [named, { firstName, lastName }],
    [stranger, { firstName: "Greta", lastName: "Gärtner" }],
  ] as const) {
    const details = { personal: { ...V4_PERSONAL_DETAILS.personal, ...name } };
    const res = await request.patch(api(`/profiles/${who.profile}/details`), { headers: who.partner, data: details });
    expect(res.status()).toBe(202);
  }

  const second = await publish();
  expect(second.status()).toBe(201);
  const published = (await second.json()) as Published;
  expect(published.version).toMatchObject({ number: version.number + 1, added: 1 });
  const listed = (await (await officer.get("/api/admin/screening/test-list")).json()) as {
    versions: Published["version"][];
  };
  expect(listed.versions.map((v) => v.number).slice(0, 2)).toEqual([version.number + 1, version.number]);
  await expect
    .poll(
      async () => {
        const res = await officer.get(`/api/admin/screening/versions/${published.version.id}`);
        return ((await res.json()) as { rescreen: { state: string } | null }).rescreen?.state;
      },
      { timeout: 60_000 },
    )
    .toBe("done");
  const detail = (await (await officer.get(`/api/admin/screening/versions/${published.version.id}`)).json()) as {
    rescreen: { profilesScreened: number; casesOpened: number };
  };
  expect(detail.rescreen.profilesScreened).toBeGreaterThanOrEqual(2);
  expect(detail.rescreen.casesOpened).toBeGreaterThanOrEqual(1);
  const cases = await openCases(officer);
  expect(cases.filter((c) => c.profileId === named.profile).map((c) => [c.subjectKind, c.listRef, c.holds])).toEqual([
    ["person", next!.ref, "approval"],
  ]);
  expect(cases.filter((c) => c.profileId === stranger.profile)).toEqual([]);
});
