/** Shown on every screen of a sandbox instance: nothing here moves real money. */
export function SandboxBanner({ environment }: { environment: "sandbox" | "production" }) {
  if (environment !== "sandbox") return null;
  return (
    <div className="sandbox-banner" role="status">
      Sandbox — test environment. No real money moves and no real chains are touched.
    </div>
  );
}
