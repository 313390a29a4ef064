"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { rejectOrderAction } from "@/app/(console)/operator/orders/actions";
import { operatorCopy } from "@/components/copy/operator";
import { Field } from "@/components/onboarding/field";
import type { OrderView } from "@/server/orders/order-view";
import { operatorRejectSchema } from "@/server/orders/operator-queue.schemas";

const text = operatorCopy.orders;

/** The reason an order is rejected for: required, checked with the server's schema, its error beside the field. */
export function RejectOrderForm(props: {
  orderId: string;
  onRejected: (order: OrderView) => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof operatorRejectSchema>, unknown, z.output<typeof operatorRejectSchema>>({
    resolver: zodResolver(operatorRejectSchema),
    defaultValues: { reason: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `reason-${props.orderId}`;
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    const result = await rejectOrderAction({ orderId: props.orderId, reason });
    if (result.ok) return props.onRejected(result.value);
    if (result.fields?.reason) form.setError("reason", { message: result.fields.reason });
    if (result.error) form.setError("root", { message: result.error });
  });
  return (
    <form className="reject-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field id={id} label={text.reason} error={errors.reason?.message}>
        <textarea
          id={id}
          rows={2}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-error ${id}-hint` : `${id}-hint`}
          {...form.register("reason")}
        />
      </Field>
      <p className="muted" id={`${id}-hint`}>
        {text.reasonHint}
      </p>
      {errors.root?.message ? (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="row-actions">
        <button type="submit" className="danger" disabled={isSubmitting}>
          {isSubmitting ? text.busy : text.confirmReject}
        </button>
        <button type="button" disabled={isSubmitting} onClick={props.onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
