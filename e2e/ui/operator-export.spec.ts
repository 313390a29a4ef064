import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForMail } from "../fixtures/mailbox.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInOperator, submittedCustomer } from "../fixtures/operator-console.ts";
import { scratchDir } from "../../server/testing/scratch-dir.ts";

// The subject access export (C71) through the console, in Chromium: the operator downloads one archive; the system's
// own tar reads it; its JSON holds the submissions opened and its documents are the very bytes uploaded; the
// customer is mailed and the export is in the audit log.

test("C71: an operator exports a customer's data from the console as one archive of JSON and documents", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedCustomer(request);
  const since = new Date();
  const here = `/operator/profiles/${customer.profile}`;
  await signInOperator(page, here);
  const card = page.getByRole("region", { name: "Data and retention" });
  await expect(card).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Export the customer's data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^profile-${customer.profile}-\\d{4}-\\d{2}-\\d{2}\\.tar\\.gz$`),
  );
  const dir = scratchDir("tokenrail-export-");
  const archive = path.join(dir, "export.tar.gz");
  await download.saveAs(archive);
  execFileSync("tar", ["-xzf", archive, "-C", dir]);

  const record = JSON.parse(fs.readFileSync(path.join(dir, "profile.json"), "utf8")) as {
    profile: { id: string; name: string };
    people: { email: string }[];
    submissions: { section: string; kind: string; data: { personal?: { lastName?: string }; lastName?: string } }[];
    addresses: { address: string }[];
    documents: { id: string; name: string; path: string; sha256: string }[];
  };
  expect(record.profile).toMatchObject({ id: customer.profile, name: customer.name });
  expect(record.people.map((p) => p.email)).toEqual([customer.email]);
  const details = record.submissions.find((s) => s.section === "details");
  expect(JSON.stringify(details?.data)).toContain(customer.name.split(" ")[1]!);
  expect(record.submissions.map((s) => s.section).sort()).toEqual(["details", "form", "verification"]);
  expect(record.addresses.map((a) => a.address.toLowerCase())).toEqual([customer.account.address.toLowerCase()]);
  expect(record.documents.map((d) => d.id).sort()).toEqual([customer.png, customer.pdf].sort());

  // Each document in the archive is the content the operator reads through the admin API, byte for byte.
  const operator = await operatorSession();
  for (const document of record.documents) {
    const original = await operator.get(`/api/admin/files/${document.id}`);
    expect(original.status()).toBe(200);
    const bytes = fs.readFileSync(path.join(dir, document.path));
    expect(bytes.equals(await original.body())).toBe(true);
  }
  const audit = await operator.get(`/api/admin/audit?subject=${customer.profile}&action=profile.export`);
  const entries = ((await audit.json()) as { entries: { after: { documents: number } }[] }).entries;
  expect(entries.map((e) => e.after.documents)).toEqual([2]);
  await operator.dispose();
  const mail = await waitForMail({ to: customer.email, subject: /copy of your data/, since });
  expect(mail.text).toContain("copy of the personal data");
});
