"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { emitSignMsgAction, safeSignaturesAction } from "@/app/(console)/sandbox/actions";
import { sandboxCopy } from "@/components/copy/sandbox";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import type { EmittedSignMsg } from "@/server/sandbox/emit-safe-signature";
import type { SafeSignatureView } from "@/server/sandbox/list-safe-signatures";
import { emitSignMsgSchema, type EmitSignMsg } from "@/server/sandbox/simulator.schemas";
import { TableScroll } from "@/components/layout/table-scroll";

const FIELDS = ["chain", "address", "what"] as const;

/**
 * A Safe signs on the sandbox chain: look up what it still has to sign and complete one, or emit `SignMsg` for any
 * message hash (or message).
 */
export function SafeSigner(props: { chains: { name: string; label: string }[] }) {
  const text = sandboxCopy.safe;
  const hydrated = useHydrated();
  const [pending, setPending] = useState<SafeSignatureView[]>();
  const [emitted, setEmitted] = useState<EmittedSignMsg>();
  const [looking, setLooking] = useState(false);
  const form = useForm<EmitSignMsg>({
    resolver: zodResolver(emitSignMsgSchema),
    defaultValues: { chain: props.chains[0]?.name ?? "", address: "", what: "" },
  });
  const { errors, isSubmitting } = form.formState;

  function showErrors(result: { error?: string; fields?: Record<string, string> }) {
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      form.setError(FIELDS.find((f) => f === field) ?? "root", { message });
    }
    if (result.error) form.setError("root", { message: result.error });
  }

  async function lookUp() {
    form.clearErrors();
    if (!(await form.trigger(["chain", "address"]))) return;
    setLooking(true);
    try {
      const { chain, address } = form.getValues();
      const result = await safeSignaturesAction({ chain, address });
      if (result.ok) setPending(result.ok);
      else showErrors(result);
    } finally {
      setLooking(false);
    }
  }

  async function emit(what: string) {
    setEmitted(undefined);
    const { chain, address } = form.getValues();
    const result = await emitSignMsgAction({ chain, address, what });
    if (result.ok) {
      setEmitted(result.ok);
      const next = await safeSignaturesAction({ chain, address });
      if (next.ok) setPending(next.ok);
    } else {
      showErrors(result);
    }
  }

  const onSubmit = form.handleSubmit((values) => emit(values.what));

  return (
    <section className="card" aria-labelledby="safe-heading">
      <h2 id="safe-heading">{text.heading}</h2>
      <p className="muted">{text.explain}</p>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field-row">
          <Field id="safe-chain" label={text.chain} error={errors.chain?.message}>
            <select id="safe-chain" aria-invalid={!!errors.chain} {...form.register("chain")}>
              {props.chains.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="safe-address" label={text.address} error={errors.address?.message}>
            <input
              id="safe-address"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={!!errors.address}
              {...form.register("address")}
            />
          </Field>
        </div>
        <div className="actions">
          <button type="button" disabled={looking || !hydrated} onClick={() => void lookUp()}>
            {looking ? text.lookingUp : text.lookUp}
          </button>
        </div>
        {pending ? <PendingList pending={pending} onComplete={(msgHash) => emit(msgHash)} /> : null}
        <Field id="safe-what" label={text.what} error={errors.what?.message}>
          <input
            id="safe-what"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!errors.what}
            aria-describedby="safe-what-hint"
            {...form.register("what")}
          />
          <small id="safe-what-hint" className="hint">
            {text.whatHint}
          </small>
        </Field>
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={text.submit} busyLabel={text.busy} />
      </form>
      {emitted ? (
        <p className="simulator-result" role="status">
          {text.emitted(emitted.msgHash, emitted.linksCompleted, emitted.ordersSigned)}
        </p>
      ) : null}
    </section>
  );
}

function PendingList(props: { pending: SafeSignatureView[]; onComplete: (msgHash: string) => Promise<void> }) {
  const text = sandboxCopy.safe;
  const [busy, setBusy] = useState<string>();
  if (props.pending.length === 0) return <p className="empty">{text.none}</p>;
  return (
    <TableScroll label={text.pendingHeading}>
      <table className="data-table">
        <caption>{text.pendingHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.kind}</th>
            <th scope="col">{text.columns.message}</th>
            <th scope="col">{text.columns.expires}</th>
            <th scope="col">{text.columns.action}</th>
          </tr>
        </thead>
        <tbody>
          {props.pending.map((p) => (
            <tr key={p.id}>
              <td>
                {text.kinds[p.kind] ?? p.kind}
                {p.order ? ` · ${p.order.amount} ${p.order.currency.toUpperCase()}` : ""}
              </td>
              <td className="break">{p.message}</td>
              <td>
                <time dateTime={p.expiresAt}>{p.expiresAt.slice(0, 16).replace("T", " ")} UTC</time>
              </td>
              <td>
                <button
                  type="button"
                  disabled={busy !== undefined}
                  onClick={() => {
                    setBusy(p.id);
                    void props.onComplete(p.msgHash).finally(() => setBusy(undefined));
                  }}
                >
                  {busy === p.id ? text.busy : text.complete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
