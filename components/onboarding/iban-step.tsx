"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { onboardingStatusAction, requestIbanAction } from "@/app/(onboarding)/authorize/step-actions";
import { iban as ibanCopy } from "@/components/copy/iban";
import { LongValue } from "@/components/layout/long-value";
import { requestIbanStepSchema, type RequestIbanStep } from "@/server/onboarding/onboarding.schemas";
import type { OnboardingStatus } from "@/server/onboarding/onboarding-status";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

/**
 * The IBAN step: waits for the profile's approval if it must, lets the person pick the wallet the IBAN pays into,
 * then polls until the number is assigned and shows it with the BIC, grouped and copyable.
 */
export function IbanStep(props: { requestId: string; initial: OnboardingStatus; continueHref: string }) {
  const text = ibanCopy;
  const status = useQuery({
    queryKey: ["onboarding-status", props.requestId],
    queryFn: async () => (await onboardingStatusAction({ request: props.requestId })) ?? props.initial,
    initialData: props.initial,
    refetchInterval: (query) => (query.state.data && waiting(query.state.data) ? 1000 : false),
  });
  const current = status.data;
  const approved = current.profileState === "approved";
  const stopped = current.profileState === "rejected" || current.profileState === "blocked";

  return (
    <section className="card" aria-labelledby="iban-heading" aria-busy={waiting(current)}>
      <h2 id="iban-heading">{current.iban?.iban ? text.ready : text.heading}</h2>
      {status.isError ? <p className="form-error">{text.failed}</p> : null}
      {current.iban?.iban ? (
        <IbanDetails iban={current.iban} />
      ) : current.iban ? (
        <p role="status" className="progress-note">
          <span className="spinner" aria-hidden="true" /> {text.provisioning}
        </p>
      ) : approved ? (
        <RequestIbanForm
          requestId={props.requestId}
          addresses={current.addresses}
          onRequested={() => status.refetch()}
        />
      ) : (
        <div role="status">
          <h3>{stopped ? text.heading : text.reviewHeading}</h3>
          <p>{stopped ? text.rejectedBody : text.reviewBody}</p>
        </div>
      )}
      {current.iban?.iban || !approved ? (
        <Link className={current.iban?.iban ? "button primary" : "button"} href={props.continueHref}>
          {current.iban?.iban ? text.continue : text.continueWithout}
        </Link>
      ) : null}
    </section>
  );
}

/** Still waiting for something the server will change: the review, or the IBAN's number. */
function waiting(status: OnboardingStatus): boolean {
  if (status.iban) return !status.iban.iban;
  return status.profileState === "pending" || status.profileState === "created";
}

function IbanDetails({ iban }: { iban: NonNullable<OnboardingStatus["iban"]> }) {
  const text = ibanCopy;
  return (
    <>
      <dl className="facts iban-facts">
        <dt>{text.ibanLabel}</dt>
        <dd>
          <LongValue
            className="iban"
            testId="iban"
            value={(iban.iban ?? "").replace(/\s+/g, "")}
            shown={iban.iban ?? ""}
            label={text.ibanLabel}
          />
        </dd>
        <dt>{text.bicLabel}</dt>
        <dd>
          <LongValue testId="bic" value={iban.bic ?? ""} label={text.bicLabel} />
        </dd>
      </dl>
      <p className="muted">
        {text.paysInto(iban.chain)} <LongValue value={iban.address} label={text.addressLabel} />
      </p>
    </>
  );
}

function RequestIbanForm(props: {
  requestId: string;
  addresses: { address: string; chain: string }[];
  onRequested: () => unknown;
}) {
  const text = ibanCopy;
  const first = props.addresses[0];
  const form = useForm<RequestIbanStep>({
    resolver: zodResolver(requestIbanStepSchema),
    defaultValues: { request: props.requestId, target: first ? `${first.chain}:${first.address}` : "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await requestIbanAction(values);
    const fieldError = result.fields && Object.values(result.fields)[0];
    if (result.error || fieldError) form.setError("root", { message: result.error ?? fieldError });
    else await props.onRequested();
  });
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{text.intro}</p>
      <Field id="target" label={text.target} error={errors.target?.message}>
        <select id="target" aria-invalid={!!errors.target} {...form.register("target")}>
          {props.addresses.map((a) => (
            <option key={`${a.chain}:${a.address}`} value={`${a.chain}:${a.address}`}>
              {text.targetOption(a.chain, a.address)}
            </option>
          ))}
        </select>
      </Field>
      <FormSubmit
        error={errors.root?.message}
        submitting={isSubmitting}
        label={text.request}
        busyLabel={text.requesting}
      />
    </form>
  );
}
