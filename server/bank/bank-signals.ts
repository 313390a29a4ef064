/**
 * Wake-ups between the bank's parts in this process: a released payment file wakes the delivery job, a file put in
 * the inbox wakes the import job. Each job also polls, so a wake-up lost (or sent by another instance) only delays.
 */
type Signal = "payment-file-released" | "inbox-changed";

// Next.js bundles the instrumentation (where the jobs start) and each route separately, so module state is not
// shared between them: a release announced by a route must reach the job's listener, so the listeners live on
// globalThis.
const state = globalThis as typeof globalThis & { __tokenrailBankSignals?: Map<Signal, Set<() => void>> };
const listeners = (state.__tokenrailBankSignals ??= new Map<Signal, Set<() => void>>());

export function onBankSignal(signal: Signal, listener: () => void): () => void {
  const set = listeners.get(signal) ?? new Set();
  listeners.set(signal, set);
  set.add(listener);
  return () => set.delete(listener);
}

export function announceBankSignal(signal: Signal): void {
  for (const listener of listeners.get(signal) ?? []) listener();
}
