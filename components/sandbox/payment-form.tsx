"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { sendPaymentAction } from "@/app/(console)/sandbox/actions";
import { sandboxCopy } from "@/components/copy/sandbox";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import type { OrderView } from "@/server/orders/order-view";
import { simulatorPaymentSchema, type SimulatorPayment } from "@/server/sandbox/simulator.schemas";
import { LongValue } from "@/components/layout/long-value";

const FIELDS = ["iban", "amount", "currency", "memo"] as const;

/** The simulated bank: a euro payment into any IBAN; the issue order it created is shown with what happens next. */
export function PaymentForm(props: { operator: boolean }) {
  const text = sandboxCopy.payment;
  const [order, setOrder] = useState<OrderView>();
  const form = useForm<SimulatorPayment>({
    resolver: zodResolver(simulatorPaymentSchema),
    defaultValues: { iban: "", amount: "", currency: "eur", memo: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setOrder(undefined);
    const result = await sendPaymentAction(values);
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      const known = FIELDS.find((f) => f === field);
      form.setError(known ?? "root", { message });
    }
    if (result.error) form.setError("root", { message: result.error });
    if (result.ok) setOrder(result.ok);
  });

  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">{text.heading}</h2>
      <p className="muted">{text.explain}</p>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="payment-iban" label={text.iban} error={errors.iban?.message}>
          <input
            id="payment-iban"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!errors.iban}
            aria-describedby="payment-iban-hint"
            {...form.register("iban")}
          />
          <small id="payment-iban-hint" className="hint">
            {text.ibanHint}
          </small>
        </Field>
        <div className="field-row">
          <Field id="payment-amount" label={text.amount} error={errors.amount?.message}>
            <input
              id="payment-amount"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={!!errors.amount}
              aria-describedby="payment-amount-hint"
              {...form.register("amount")}
            />
            <small id="payment-amount-hint" className="hint">
              {text.amountHint}
            </small>
          </Field>
          <Field id="payment-currency" label={text.currency} error={errors.currency?.message}>
            <select id="payment-currency" aria-invalid={!!errors.currency} {...form.register("currency")}>
              {Object.entries(text.currencies).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id="payment-memo" label={text.memo} error={errors.memo?.message}>
          <input
            id="payment-memo"
            autoComplete="off"
            aria-invalid={!!errors.memo}
            aria-describedby="payment-memo-hint"
            {...form.register("memo")}
          />
          <small id="payment-memo-hint" className="hint">
            {text.memoHint}
          </small>
        </Field>
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={text.submit} busyLabel={text.busy} />
      </form>
      {order ? <PaymentResult order={order} operator={props.operator} /> : null}
    </section>
  );
}

function PaymentResult({ order, operator }: { order: OrderView; operator: boolean }) {
  const text = sandboxCopy.payment;
  const good = order.state === "processed";
  return (
    <div className="simulator-result" role="status" aria-labelledby="payment-result-heading">
      <h3 id="payment-result-heading">{text.resultHeading}</h3>
      <dl className="facts">
        <dt>{text.resultFacts.order}</dt>
        <dd>
          <LongValue value={order.id} label={text.resultFacts.order} />
        </dd>
        <dt>{text.resultFacts.state}</dt>
        <dd>
          <span className={`badge ${good ? "good" : order.state === "rejected" ? "bad" : "wait"}`}>
            {text.states[order.state] ?? order.state}
          </span>
        </dd>
        <dt>{text.resultFacts.amount}</dt>
        <dd>
          {order.amount} {order.currency.toUpperCase()}
        </dd>
        <dt>{text.resultFacts.wallet}</dt>
        <dd>
          <LongValue value={order.address} label={text.resultFacts.wallet} /> ({order.chain})
        </dd>
        <dt>{text.resultFacts.profile}</dt>
        <dd>
          <LongValue value={order.profile} label={text.resultFacts.profile} />
        </dd>
        {order.meta.txHashes?.[0] ? (
          <>
            <dt>{text.resultFacts.tx}</dt>
            <dd>
              <LongValue value={order.meta.txHashes[0]} label={text.resultFacts.tx} />
            </dd>
          </>
        ) : null}
      </dl>
      <p>{text.explainResult(order.id)}</p>
      {operator ? <Link href="/operator/orders">{text.operatorLink}</Link> : null}
    </div>
  );
}
