import { operatorCopy } from "@/components/copy/operator";

const TONE: Record<string, string> = { approved: "good", rejected: "bad", blocked: "bad", pending: "wait" };

/** A profile's or a section's state as a coloured badge with its name in words. */
export function StateBadge({ state }: { state: string }) {
  return (
    <span className={`badge ${TONE[state] ?? ""}`.trim()} data-state={state}>
      {operatorCopy.states[state] ?? state}
    </span>
  );
}
