import { randomBytes } from "node:crypto";
import { PERSONAL_FORM, V4_PERSONAL_DETAILS } from "../e2e/fixtures/kyc-bodies.ts";
import type { AppServer } from "./app-server.ts";
import { linkedCustomer } from "./customer.ts";
import { percentile } from "./load.ts";
import { inWindow, type Outcome, type WindowSample } from "./p10-window.ts";

/**
 * P10's KYC leg: one KYC submission is what a partner sends for a customer (e2e/fixtures/kyc.ts, bench/customer.ts):
 * the identity document uploaded (`POST /files`, a sealed file), then the details, the form and the verification
 * naming the document (`PATCH /profiles/{profile}/details|form|verifications`, each a sealed record; the details
 * are screened too). Submissions go to signed-up profiles in turn, whose sections stay pending (a pending section
 * may be submitted again), `BENCH_P10_KYC_CONCURRENCY` (8) at a time (more profiles than that, so no two at once
 * lock the same profile). Every document is new bytes of
 * `BENCH_P10_DOCUMENT_KB` (256 KiB, a compressed scan): the same bytes would be stored once and sealed once.
 */

export const KYC_STEPS = ["upload", "details", "form", "verifications"] as const;
export type KycStep = (typeof KYC_STEPS)[number];
const CONCURRENCY = Number(process.env.BENCH_P10_KYC_CONCURRENCY ?? 8);
const DOCUMENT_BYTES = Number(process.env.BENCH_P10_DOCUMENT_KB ?? 256) * 1024;

export type KycTarget = { app: AppServer; partner: Record<string, string>; profiles: string[] };
/** A throughput sample (submissions/s) with the p50 of each step's own latency. */
export type KycSample = WindowSample & { stepP50Ms: Record<KycStep, number> };

/** `count` profiles signed up and linked by the demo application, to submit KYC for. */
export async function kycProfiles(app: AppServer, partner: Record<string, string>, count: number): Promise<string[]> {
  const profiles: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => linkedCustomer(app, partner)));
    profiles.push(...batch.map((c) => c.profile));
  }
  return profiles;
}

/** A passport scan's worth of new bytes behind a PDF header (the upload sniffs the type). */
function document(): Blob {
  const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(DOCUMENT_BYTES - 9)]);
  return new Blob([bytes], { type: "application/pdf" });
}

/** One step's request; its time, or why it failed. */
async function step(
  target: KycTarget,
  method: string,
  path: string,
  body: { json?: unknown; form?: FormData },
  status: number,
): Promise<{ ms: number; body?: unknown; failed?: string }> {
  const headers: Record<string, string> = { ...target.partner };
  if (body.json !== undefined) headers["content-type"] = "application/json";
  const sent = performance.now();
  const response = await fetch(`${target.app.api}${path}`, {
    method,
    headers,
    body: body.form ?? JSON.stringify(body.json),
  });
  const text = await response.text();
  const ms = performance.now() - sent;
  if (response.status !== status) return { ms, failed: `${method} ${path}: ${response.status} ${text.slice(0, 300)}` };
  return { ms, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** One whole submission for `profile`: the step times, or the first failure. */
async function submitOnce(target: KycTarget, profile: string): Promise<Outcome> {
  const form = new FormData();
  form.append("file", document(), "passport.pdf");
  const upload = await step(target, "POST", "/files", { form }, 200);
  if (upload.failed) return { failed: upload.failed };
  const fileId = (upload.body as { id: string }).id;
  const verifications = {
    personal: [{ kind: "idDocument", documents: [{ kind: "passport", fileId, side: "front" }] }],
  };
  const times = [upload.ms];
  for (const [path, json] of [
    ["details", V4_PERSONAL_DETAILS],
    ["form", PERSONAL_FORM],
    ["verifications", verifications],
  ] as const) {
    const done = await step(target, "PATCH", `/profiles/${profile}/${path}`, { json }, 202);
    if (done.failed) return { failed: done.failed };
    times.push(done.ms);
  }
  return { steps: times };
}

/** Submissions for `seconds`, `CONCURRENCY` in flight, the profiles in turn: submissions/s and latencies. */
export async function submitKycWindow(target: KycTarget, seconds: number): Promise<KycSample> {
  const sample = await inWindow(seconds, CONCURRENCY, (i) =>
    submitOnce(target, target.profiles[i % target.profiles.length]!),
  );
  const stepP50Ms = Object.fromEntries(
    KYC_STEPS.map((name, i) => [name, percentile(sample.steps[i] ?? [], 0.5)]),
  ) as Record<KycStep, number>;
  return { ...sample, stepP50Ms };
}

export const KYC_CONCURRENCY = CONCURRENCY;
export const KYC_DOCUMENT_BYTES = DOCUMENT_BYTES;
