import { webSession } from "@/app/auth";
import { sandboxCopy } from "@/components/copy/sandbox";
import { AutomationToggles } from "@/components/sandbox/automation-toggles";
import { ClockControls } from "@/components/sandbox/clock-controls";
import { PaymentForm } from "@/components/sandbox/payment-form";
import { PayoutRefusal } from "@/components/sandbox/payout-refusal";
import { SafeSigner } from "@/components/sandbox/safe-signer";
import { chainsOf } from "@/server/chains/registry";
import { getConfig } from "@/server/config";
import { getSandboxSettings } from "@/server/sandbox/get-sandbox-settings";
import { isOperator } from "@/server/users/is-operator";

export const dynamic = "force-dynamic";

/** Every lever of the sandbox on one page: the bank, the stand-in operator, the chain's Safes and the clock. */
export default async function SandboxPage() {
  const config = getConfig();
  const settings = await getSandboxSettings({ config });
  const operator = await isOperator(await webSession());
  const chains = chainsOf(config.environment)
    .filter((c) => c.family === "evm")
    .map((c) => ({ name: c.name, label: c.label }));
  return (
    <main>
      <h1>{sandboxCopy.title}</h1>
      <p className="muted">{sandboxCopy.intro}</p>
      <div className="simulator-grid">
        <PaymentForm operator={operator} />
        {operator ? <PayoutRefusal /> : null}
        <ClockControls initial={settings} />
        <AutomationToggles initial={settings} />
        <SafeSigner chains={chains} />
      </div>
    </main>
  );
}
