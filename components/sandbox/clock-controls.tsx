"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { advanceClockAction, resetClockAction, settingsAction } from "@/app/(console)/sandbox/actions";
import type { SimulatorResult } from "@/app/(console)/sandbox/simulator-action";
import { sandboxCopy } from "@/components/copy/sandbox";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { formatOffset, type SandboxSettingsView } from "@/server/sandbox/sandbox-settings.schemas";
import { advanceClockSchema, type AdvanceClock } from "@/server/sandbox/simulator.schemas";

/** Another person (or the API) may move the clock too: the page reads the settings again this often. */
const REFRESH_MS = 15_000;

/** `2026-11-24 17:05:09 UTC`: the same text on the server and in every browser. */
function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** The sandbox's time, ticking, and the levers that move it forward or back to real time. */
export function ClockControls(props: { initial: SandboxSettingsView }) {
  const text = sandboxCopy.clock;
  const hydrated = useHydrated();
  const [view, setView] = useState(props.initial);
  // The sandbox's time ticks in the browser: the server's `now` plus what has passed since it was read.
  const [anchor, setAnchor] = useState(() => ({ server: Date.parse(props.initial.now), local: Date.now() }));
  const [shown, setShown] = useState(anchor.server);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const form = useForm<AdvanceClock>({
    resolver: zodResolver(advanceClockSchema),
    defaultValues: { count: "2", unit: "hours" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    const tick = setInterval(() => setShown(anchor.server + Date.now() - anchor.local), 1000);
    return () => clearInterval(tick);
  }, [anchor]);

  useEffect(() => {
    const refresh = setInterval(() => {
      void settingsAction().then((result) => result.ok && adopt(result.ok));
    }, REFRESH_MS);
    return () => clearInterval(refresh);
  }, []);

  function adopt(next: SandboxSettingsView) {
    setView(next);
    const fresh = { server: Date.parse(next.now), local: Date.now() };
    setAnchor(fresh);
    setShown(fresh.server);
  }

  async function run(action: () => Promise<SimulatorResult<SandboxSettingsView>>) {
    setBusy(true);
    setError(undefined);
    try {
      const result = await action();
      if (result.ok) adopt(result.ok);
      else setError(result.error ?? Object.values(result.fields ?? {})[0] ?? sandboxCopy.failed);
    } finally {
      setBusy(false);
    }
  }

  const onCustom = form.handleSubmit(async (values) => {
    setError(undefined);
    const result = await advanceClockAction(values);
    if (result.ok) adopt(result.ok);
    const fields = result.fields ?? {};
    const countError = fields.count ?? fields.clockOffsetSeconds;
    if (countError) form.setError("count", { message: countError });
    if (fields.unit) form.setError("unit", { message: fields.unit });
    if (result.error) form.setError("root", { message: result.error });
  });

  const disabled = busy || !hydrated;
  return (
    <section className="card" aria-labelledby="clock-heading">
      <h2 id="clock-heading">{text.heading}</h2>
      <p className="muted">{text.explain}</p>
      <dl className="facts">
        <dt>{text.now}</dt>
        <dd>
          <time dateTime={new Date(shown).toISOString()} data-testid="sandbox-time">
            {formatTime(shown)}
          </time>
        </dd>
        <dt>{text.offset}</dt>
        <dd data-testid="clock-offset">{formatOffset(view.clockOffsetSeconds)}</dd>
      </dl>
      <div className="actions" role="group" aria-label={text.heading}>
        {(["hour", "day"] as const).map((preset) => (
          <button
            key={preset}
            type="button"
            disabled={disabled}
            aria-label={text.presetLabel(text.presets[preset])}
            onClick={() => void run(() => advanceClockAction({ count: "1", unit: `${preset}s` }))}
          >
            {text.presets[preset]}
          </button>
        ))}
        <button
          type="button"
          disabled={disabled || view.clockOffsetSeconds === 0}
          onClick={() => {
            if (window.confirm(text.resetConfirm)) void run(() => resetClockAction());
          }}
        >
          {text.reset}
        </button>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" onSubmit={(e) => void onCustom(e)} noValidate aria-labelledby="clock-custom-heading">
        <h3 id="clock-custom-heading">{text.custom}</h3>
        <div className="field-row">
          <Field id="clock-count" label={text.count} error={errors.count?.message}>
            <input id="clock-count" inputMode="numeric" aria-invalid={!!errors.count} {...form.register("count")} />
          </Field>
          <Field id="clock-unit" label={text.unit} error={errors.unit?.message}>
            <select id="clock-unit" aria-invalid={!!errors.unit} {...form.register("unit")}>
              {Object.entries(text.units).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <p className="hint">{text.limit}</p>
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={text.submit} busyLabel={text.busy} />
      </form>
    </section>
  );
}
