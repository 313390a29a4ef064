import Link from "next/link";
import { demo as demoCopy } from "@/components/copy/demo";
import { DemoStart } from "@/components/demo/demo-start";
import { loadDemoSettings } from "./demo-settings";

export const dynamic = "force-dynamic";

/** `/demo`: what the demo integrator is, and the button that starts the authorization-code flow with PKCE. */
export default async function DemoPage() {
  const settings = await loadDemoSettings();
  const text = demoCopy;
  return (
    <main className="shell demo">
      <p className="brand">{text.brand}</p>
      <h1>{text.title}</h1>
      {text.intro.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {settings ? (
        <DemoStart settings={settings} />
      ) : (
        <p className="card" role="alert">
          {text.notConfigured}
        </p>
      )}
      <p>
        <Link href="/">{text.home}</Link>
      </p>
    </main>
  );
}
