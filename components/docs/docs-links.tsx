import Link from "next/link";

/** Where an integrator reads on: the reference and the guides (the portal shows this under its heading). */
export function DocsLinks() {
  return (
    <p className="muted">
      Read the <Link href="/docs">API reference</Link> (try any operation with your token), the{" "}
      <Link href="/docs/oauth">OAuth guide</Link> and the <Link href="/docs/webhooks">webhook guide</Link>.
    </p>
  );
}
