"use server";

import { getConfig } from "@/server/config";
import type { OrderView } from "@/server/orders/order-view";
import { changeSandboxSettings } from "@/server/sandbox/change-sandbox-settings";
import { emitSafeSignature, type EmittedSignMsg } from "@/server/sandbox/emit-safe-signature";
import { getSandboxSettings } from "@/server/sandbox/get-sandbox-settings";
import { listSafeSignatures, type SafeSignatureView } from "@/server/sandbox/list-safe-signatures";
import type { SandboxSettingsView } from "@/server/sandbox/sandbox-settings.schemas";
import {
  refusePayoutFromConsole,
  sendStatementFromConsole,
  type SentStatementView,
} from "@/server/sandbox/payout-simulation";
import type { SandboxPayoutView } from "@/server/sandbox/payout-simulation.responses";
import { sendSimulatedPayment } from "@/server/sandbox/send-payment";
import { advanceClockSchema, advanceSeconds, automationSchema } from "@/server/sandbox/simulator.schemas";
import { validate } from "@/server/validate";
import { simulatorAction, type SimulatorResult } from "./simulator-action";

/** The simulated bank pays into an IBAN. */
export async function sendPaymentAction(input: unknown): Promise<SimulatorResult<OrderView>> {
  return simulatorAction((actor) => sendSimulatedPayment({ input, actor, config: getConfig() }));
}

/** The simulated bank rejects (before the debit) or returns (after it) a redeem order's payout. */
export async function refusePayoutAction(input: unknown): Promise<SimulatorResult<SandboxPayoutView>> {
  return simulatorAction((actor) => refusePayoutFromConsole({ input, actor, config: getConfig() }));
}

/** The simulated bank sends today's statement of the master account (camt.053). */
export async function sendStatementAction(): Promise<SimulatorResult<SentStatementView>> {
  return simulatorAction((actor) => sendStatementFromConsole({ actor, config: getConfig() }));
}

/** Switches an automation on or off, or changes its delay. */
export async function setAutomationAction(input: unknown): Promise<SimulatorResult<SandboxSettingsView>> {
  return simulatorAction((actor) => {
    const { which, enabled, delaySeconds } = validate(automationSchema, input);
    return changeSandboxSettings({ change: { [which]: { enabled, delaySeconds } }, actor, config: getConfig() });
  });
}

/** Moves the sandbox's clock forward from where it is. */
export async function advanceClockAction(input: unknown): Promise<SimulatorResult<SandboxSettingsView>> {
  return simulatorAction((actor) => {
    const advance = validate(advanceClockSchema, input);
    return changeSandboxSettings({
      change: { advanceClockSeconds: advanceSeconds(advance) },
      actor,
      config: getConfig(),
    });
  });
}

/** Puts the sandbox's clock back to real time. */
export async function resetClockAction(): Promise<SimulatorResult<SandboxSettingsView>> {
  return simulatorAction((actor) =>
    changeSandboxSettings({ change: { clockOffsetSeconds: 0 }, actor, config: getConfig() }),
  );
}

/** The settings as stored now (another person, or the API, may have changed them). */
export async function settingsAction(): Promise<SimulatorResult<SandboxSettingsView>> {
  return simulatorAction(() => getSandboxSettings({ config: getConfig() }));
}

/** What a Safe still has to sign on chain. */
export async function safeSignaturesAction(input: unknown): Promise<SimulatorResult<SafeSignatureView[]>> {
  return simulatorAction((actor) => listSafeSignatures({ input, actor, config: getConfig() }));
}

/** The Safe emits `SignMsg` on the sandbox chain. */
export async function emitSignMsgAction(input: unknown): Promise<SimulatorResult<EmittedSignMsg>> {
  return simulatorAction((actor) => emitSafeSignature({ input, actor, config: getConfig() }));
}
