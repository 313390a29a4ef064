import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";

/**
 * C65 through the front door, on an instance of its own (its lists are nobody else's): a compliance officer uploads
 * real issues of the UN and EU lists; each becomes a version with its changes, the same file again changes nothing,
 * a refused file changes nothing, and /metrics and the console tell a list's age.
 */

const fixture = (name: string) => fs.readFileSync(path.resolve("server/screening/lists/fixtures", name));
const series = (text: string, name: string) => text.split("\n").filter((line) => line.startsWith(`${name}{`));

type Status = { source: string; versionNumber: number; entryCount: number; stale: boolean; ageSeconds: number | null };
type Version = { id: string; source: string; number: number; added: number; changed: number; removed: number };

test("C65: list issues are uploaded as versions; duplicates and refused files change nothing; /metrics tells each list's age", async () => {
  test.setTimeout(180_000);
  const database = await scratchDatabase("tokenrail_e2e_screening");
  const instance = await startDemoInstance(await freePort(), { ...database?.env });
  const officer = await operatorSession(instance, "operator+compliance@tokenrail.local");
  const treasurer = await operatorSession(instance, "operator+treasurer@tokenrail.local");
  try {
    const upload = (bytes: Buffer, query = "", type = "application/xml") =>
      officer.post(`/api/admin/screening/lists?name=consolidated.xml${query}`, {
        headers: { "content-type": type },
        data: bytes,
      });
    const statuses = async () =>
      ((await (await officer.get("/api/admin/screening/lists")).json()) as { lists: Status[] }).lists;
    const before = await statuses();
    expect(before.map((l) => [l.source, l.versionNumber, l.stale])).toEqual([
      ["eu", 0, true],
      ["un", 0, true],
      ["ofac", 0, true],
      ["uk", 0, true],
    ]);

    const un = await upload(fixture("un-consolidated.xml"));
    expect(un.status(), await un.text()).toBe(201);
    const first = ((await un.json()) as { version: Version; duplicate: boolean }).version;
    expect(first).toMatchObject({ source: "un", number: 1, changed: 0, removed: 0 });
    expect(first.added).toBeGreaterThan(20);
    const again = await upload(fixture("un-consolidated.xml"));
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true, version: { id: first.id } });

    // Refused, and nothing changes: not a list file, another list than named, cut short, not XML or CSV.
    const refusals = [
      [await upload(Buffer.from("<html><body>maintenance</body></html>")), 400, /none of the lists Tokenrail reads/],
      [await upload(fixture("eu-fsf.xml"), "&list=un"), 400, /EU consolidated .* not the UN Security Council/],
      [await upload(fixture("un-consolidated.xml").subarray(0, 20_000)), 400, /refused/],
      [await upload(Buffer.from("{}"), "", "application/json"), 400, /application\/xml or text\/csv/],
    ] as const;
    for (const [res, status, message] of refusals) {
      expect(res.status(), await res.text()).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    const un1 = (await statuses()).find((l) => l.source === "un")!;
    expect(un1).toMatchObject({ versionNumber: 1, entryCount: first.added });

    const eu = await upload(fixture("eu-fsf.xml"), "&list=eu");
    expect(eu.status(), await eu.text()).toBe(201);
    const versions = (await (await officer.get("/api/admin/screening/lists/eu/versions")).json()) as {
      versions: Version[];
    };
    expect(versions.versions.map((v) => v.number)).toEqual([1]);
    const changes = (await (
      await officer.get(`/api/admin/screening/versions/${versions.versions[0]!.id}?change=added`)
    ).json()) as {
      changes: { change: string; after: { names: { name: string }[] } }[];
    };
    expect(changes.changes.length).toBeGreaterThan(0);
    expect(changes.changes.every((c) => c.change === "added" && c.after.names.length > 0)).toBe(true);

    // The excerpts are months old: stale against the default 48 hours, in /metrics and in the console.
    const metrics = await (await fetch(`${instance.appUrl}/metrics`)).text();
    expect(series(metrics, "tokenrail_sanctions_list_stale")).toEqual([
      'tokenrail_sanctions_list_stale{list="eu"} 1',
      'tokenrail_sanctions_list_stale{list="un"} 1',
      'tokenrail_sanctions_list_stale{list="ofac"} 1',
      'tokenrail_sanctions_list_stale{list="uk"} 1',
    ]);
    expect(series(metrics, "tokenrail_sanctions_list_age_seconds").map((l) => l.split(" ")[0])).toEqual([
      'tokenrail_sanctions_list_age_seconds{list="eu"}',
      'tokenrail_sanctions_list_age_seconds{list="un"}',
    ]);
    const page = await (await officer.get("/operator/screening")).text();
    expect(page).toContain("Out of date:");
    expect(page).toContain("UN Security Council consolidated list");

    // Lists are compliance's: a treasurer meets the console's hidden 404.
    expect((await treasurer.get("/api/admin/screening/lists")).status()).toBe(404);
    expect((await treasurer.post("/api/admin/screening/lists", { data: "x" })).status()).toBe(404);
  } finally {
    await Promise.all([officer.dispose(), treasurer.dispose()]);
    await stopServer(instance.server);
    await database?.drop();
  }
});
