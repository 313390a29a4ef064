"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { createEndpointAction } from "@/app/(console)/developers/apps/[application]/webhooks/actions";
import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import {
  DEFAULT_WEBHOOK_TYPES,
  portalSubscriptionSchema,
  type PortalSubscriptionForm,
} from "@/server/webhooks/webhook.schemas";
import { EventTypeChoices } from "./event-type-choices";
import { SecretOnce } from "./secret-once";

/**
 * Adds an endpoint: Tokenrail sends it subscription.created first, so a refusal (unreachable, not 2xx, a URL the
 * instance does not allow) comes back next to the URL and nothing is saved. On success the secret is shown once.
 */
export function CreateEndpointForm(props: { application: string; demoReceiver?: string }) {
  const router = useRouter();
  const [created, setCreated] = useState<{ url: string; secret: string }>();
  const form = useForm<PortalSubscriptionForm>({
    resolver: zodResolver(portalSubscriptionSchema),
    defaultValues: { url: "", types: [...DEFAULT_WEBHOOK_TYPES] },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setCreated(undefined);
    const result = await createEndpointAction({ ...values, application: props.application });
    if ("secret" in result) {
      setCreated({ url: result.subscription.url, secret: result.secret });
      form.reset({ url: "", types: [...DEFAULT_WEBHOOK_TYPES] });
      router.refresh();
      return;
    }
    for (const [field, message] of Object.entries(result.fields ?? {})) {
      form.setError(field.startsWith("types") ? "types" : field === "url" ? "url" : "root", { message });
    }
    if (result.error) form.setError("root", { message: result.error });
  });

  return (
    <>
      {created ? (
        <SecretOnce url={created.url} secret={created.secret} onDismiss={() => setCreated(undefined)} />
      ) : null}
      <section className="card" aria-labelledby="create-endpoint">
        <h2 id="create-endpoint">{copy.create.heading}</h2>
        <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field id="url" label={copy.create.url} error={errors.url?.message}>
            <input
              id="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={copy.create.urlPlaceholder}
              aria-invalid={!!errors.url}
              aria-describedby={errors.url ? "url-error url-hint" : "url-hint"}
              {...form.register("url")}
            />
            <small id="url-hint" className="muted">
              {copy.create.urlHint}
            </small>
          </Field>
          {props.demoReceiver ? (
            <p className="muted demo-receiver">
              {copy.create.demoReceiver}{" "}
              <button
                type="button"
                className="link-button"
                onClick={() => form.setValue("url", props.demoReceiver ?? "", { shouldValidate: true })}
              >
                {copy.create.useDemoReceiver}
              </button>
            </p>
          ) : null}
          <EventTypeChoices
            id="types"
            legend={copy.create.types}
            register={form.register("types")}
            error={errors.types?.message ?? errors.types?.root?.message}
          />
          <FormSubmit
            error={errors.root?.message}
            submitting={isSubmitting}
            label={copy.create.submit}
            busyLabel={copy.create.busy}
          />
        </form>
      </section>
    </>
  );
}
