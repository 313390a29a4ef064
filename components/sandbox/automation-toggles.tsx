"use client";

import { useState } from "react";
import { setAutomationAction } from "@/app/(console)/sandbox/actions";
import { sandboxCopy } from "@/components/copy/sandbox";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import type { SandboxSettingsView } from "@/server/sandbox/sandbox-settings.schemas";

type Which = "autoApprove" | "autoProcess";

/** The sandbox's stand-in operator: approve complete KYC, process signed redeem orders, each after a delay. */
export function AutomationToggles(props: { initial: SandboxSettingsView }) {
  const text = sandboxCopy.automations;
  const [view, setView] = useState(props.initial);
  return (
    <section className="card" aria-labelledby="automations-heading">
      <h2 id="automations-heading">{text.heading}</h2>
      <p className="muted">{text.explain}</p>
      <Automation
        which="autoApprove"
        label={text.autoApprove}
        hint={text.autoApproveHint}
        state={view.autoApprove}
        onSaved={setView}
      />
      <Automation
        which="autoProcess"
        label={text.autoProcess}
        hint={text.autoProcessHint}
        state={view.autoProcess}
        onSaved={setView}
      />
    </section>
  );
}

function Automation(props: {
  which: Which;
  label: string;
  hint: (seconds: number) => string;
  state: { enabled: boolean; delaySeconds: number };
  onSaved: (view: SandboxSettingsView) => void;
}) {
  const text = sandboxCopy.automations;
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [delay, setDelay] = useState(String(props.state.delaySeconds));
  const id = `automation-${props.which}`;

  async function save(change: { enabled?: boolean; delaySeconds?: number }) {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      const result = await setAutomationAction({ which: props.which, ...change });
      if (result.ok) {
        props.onSaved(result.ok);
        setDelay(String(result.ok[props.which].delaySeconds));
        setSaved(true);
      } else {
        setError(result.fields?.delaySeconds ?? result.error ?? Object.values(result.fields ?? {})[0]);
      }
    } finally {
      setBusy(false);
    }
  }

  const saveDelay = () => {
    if (!/^[0-9]{1,6}$/.test(delay)) {
      setError(text.delayInvalid);
      return;
    }
    if (Number(delay) !== props.state.delaySeconds) void save({ delaySeconds: Number(delay) });
  };

  return (
    <div className="automation">
      <div className="automation-switch">
        <button
          type="button"
          role="switch"
          id={id}
          aria-checked={props.state.enabled}
          aria-describedby={`${id}-hint`}
          disabled={busy || !hydrated}
          onClick={() => void save({ enabled: !props.state.enabled })}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-thumb" />
          </span>
          <span className="switch-label">{props.label}</span>
          <span className={`badge ${props.state.enabled ? "good" : ""}`}>
            {props.state.enabled ? text.on : text.off}
          </span>
        </button>
      </div>
      <p id={`${id}-hint`} className="hint">
        {props.hint(props.state.delaySeconds)}
      </p>
      <div className="field delay-field">
        <label htmlFor={`${id}-delay`}>{text.delay}</label>
        <div className="inline-save">
          <input
            id={`${id}-delay`}
            inputMode="numeric"
            value={delay}
            aria-invalid={!!error}
            onChange={(e) => setDelay(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") saveDelay();
            }}
          />
          <button type="button" disabled={busy || !hydrated} onClick={saveDelay}>
            {text.saveDelay}
          </button>
        </div>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {saved ? (
        <p className="muted" role="status">
          {text.saved}
        </p>
      ) : null}
    </div>
  );
}
