"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  changeTypesAction,
  deleteEndpointAction,
  setStateAction,
} from "@/app/(console)/developers/apps/[application]/webhooks/actions";
import type { ActionRefusal } from "@/app/(console)/developers/apps/[application]/webhooks/webhook-action";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { FormSubmit } from "@/components/onboarding/form-submit";
import type { WebhookSubscriptionView } from "@/server/webhooks/webhook.responses";
import { subscriptionTypesSchema, WEBHOOK_EVENT_TYPES } from "@/server/webhooks/webhook.schemas";
import { EventTypeChoices } from "./event-type-choices";

type Mode = "view" | "edit" | "delete";

const refusalText = (r: ActionRefusal) => r.error ?? (Object.values(r.fields ?? {}).join("; ") || copy.unexpected);

/** One endpoint: its URL, state and events, and what can be done with it (change events, switch off or on, delete). */
export function EndpointCard(props: { application: string; subscription: WebhookSubscriptionView }) {
  const { subscription: s } = props;
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("view");
  const [problem, setProblem] = useState<string>();
  const [pending, startTransition] = useTransition();
  const ids = { subscription: s.id, application: props.application };
  const headingId = `endpoint-${s.id}`;

  const run = (action: () => Promise<object>, after?: () => void) => {
    setProblem(undefined);
    startTransition(async () => {
      const result: object & ActionRefusal = await action();
      if (result.error || result.fields) {
        setProblem(refusalText(result));
        return;
      }
      after?.();
      router.refresh();
    });
  };

  return (
    <article className="card endpoint" aria-labelledby={headingId}>
      <div className="endpoint-head">
        <h3 id={headingId} className="endpoint-url">
          {s.url}
        </h3>
        <span className={`badge ${s.state === "active" ? "good" : "wait"}`}>{copy.states[s.state]}</span>
      </div>
      <p className="endpoint-types">
        <span className="muted">{copy.table.types}: </span>
        {s.types.map((t) => (
          <code key={t}>{t}</code>
        ))}
      </p>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {mode === "edit" ? (
        <TypesForm {...props} onDone={() => setMode("view")} />
      ) : mode === "delete" ? (
        <div className="confirm" role="group" aria-label={copy.remove.open}>
          <p>{copy.remove.question(s.url)}</p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              disabled={pending}
              onClick={() => run(() => deleteEndpointAction(ids))}
            >
              {pending ? copy.busy : copy.remove.confirm}
            </button>
            <button type="button" disabled={pending} onClick={() => setMode("view")}>
              {copy.remove.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setMode("edit")} aria-describedby={headingId}>
            {copy.edit.open}
          </button>
          <button
            type="button"
            disabled={pending}
            aria-describedby={headingId}
            title={s.state === "inactive" ? copy.reactivateHint : undefined}
            onClick={() => run(() => setStateAction({ ...ids, state: s.state === "active" ? "inactive" : "active" }))}
          >
            {pending ? copy.busy : s.state === "active" ? copy.deactivate : copy.reactivate}
          </button>
          <button type="button" className="danger" onClick={() => setMode("delete")} aria-describedby={headingId}>
            {copy.remove.open}
          </button>
        </div>
      )}
    </article>
  );
}

type TypesValues = z.input<typeof subscriptionTypesSchema>;

function TypesForm(props: { application: string; subscription: WebhookSubscriptionView; onDone: () => void }) {
  const router = useRouter();
  const form = useForm<TypesValues>({
    resolver: zodResolver(subscriptionTypesSchema),
    defaultValues: { types: WEBHOOK_EVENT_TYPES.filter((t) => props.subscription.types.includes(t)) },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `types-${props.subscription.id}`;
  const onSubmit = form.handleSubmit(async ({ types }) => {
    const result: object & ActionRefusal = await changeTypesAction({
      application: props.application,
      subscription: props.subscription.id,
      types,
    });
    if (result.error || result.fields) {
      form.setError("root", { message: refusalText(result) });
      return;
    }
    props.onDone();
    router.refresh();
  });
  return (
    <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      <EventTypeChoices
        id={id}
        legend={copy.edit.legend(props.subscription.url)}
        register={form.register("types")}
        error={errors.types?.message ?? errors.types?.root?.message}
      />
      <div className="actions">
        <FormSubmit error={errors.root?.message} submitting={isSubmitting} label={copy.edit.save} />
        <button type="button" onClick={props.onDone}>
          {copy.edit.cancel}
        </button>
      </div>
    </form>
  );
}
