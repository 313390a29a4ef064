import Link from "next/link";
import { demo as demoCopy } from "@/components/copy/demo";
import { DemoCallback } from "@/components/demo/demo-callback";
import { WalletProviders } from "@/components/wallet/wallet-providers";
import { getConfig } from "@/server/config";
import { loadDemoSettings } from "../demo-settings";

export const dynamic = "force-dynamic";

/**
 * `/demo/callback`: the demo integrator's redirect URI. It checks the state, exchanges the code in the browser and
 * then shows the person's account through the API. The wallet libraries load here only (for the redeem signature).
 */
export default async function DemoCallbackPage() {
  const settings = await loadDemoSettings();
  const config = getConfig();
  const text = demoCopy;
  return (
    <main className="shell demo">
      <p className="brand">
        <Link href="/demo">{text.brand}</Link>
      </p>
      {settings ? (
        <WalletProviders environment={config.environment}>
          <DemoCallback settings={settings} sandbox={config.environment === "sandbox"} />
        </WalletProviders>
      ) : (
        <p className="card" role="alert">
          {text.notConfigured}
        </p>
      )}
    </main>
  );
}
