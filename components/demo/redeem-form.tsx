"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSignMessage } from "wagmi";
import { z } from "zod";
import { demo as demoCopy } from "@/components/copy/demo";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import type { LinkedAddress, Order } from "./api-types";
import { ApiProblem } from "./demo-api";
import { useDemoConnection, useSessionGuard } from "./demo-context";
import { FIELD_OF, redeemBody, redeemMessage, type RedeemInput } from "./redeem-message";

const errors = demoCopy.redeem.errors;

/** What the form checks before the wallet is asked; the API checks everything again (IBAN checksum included). */
const redeemSchema = z.object({
  address: z.string().min(1),
  chain: z.string().min(1),
  amount: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, errors.amount)
    .refine((v) => /[1-9]/.test(v), errors.amount),
  iban: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}\d{2}[A-Za-z0-9 ]{11,40}$/, errors.iban),
  firstName: z.string().trim().min(1, errors.firstName),
  lastName: z.string().trim().min(1, errors.lastName),
  memo: z
    .string()
    .trim()
    .refine((v) => v === "" || (v.length >= 5 && v.length <= 140), errors.memo),
});

type Busy = "signing" | "placing";

/** The redeem form: from which linked address, how much, to whom; signed by the connected wallet, then placed. */
export function RedeemForm(props: {
  profile: string;
  addresses: LinkedAddress[];
  connected: string | undefined;
  onPlaced: (order: Order, message: string) => void;
}) {
  const text = demoCopy.redeem;
  const { api } = useDemoConnection();
  const queryClient = useQueryClient();
  const sign = useSignMessage();
  const [busy, setBusy] = useState<Busy>();
  const [lastError, setLastError] = useState<unknown>();
  useSessionGuard(lastError);
  const sources = props.addresses.flatMap((a) => a.chains.map((chain) => ({ address: a.address, chain })));
  const first = sources[0];
  const form = useForm<RedeemInput>({
    resolver: zodResolver(redeemSchema),
    defaultValues: {
      address: first?.address ?? "",
      chain: first?.chain ?? "",
      amount: "",
      iban: "",
      firstName: "",
      lastName: "",
      memo: "",
    },
  });
  const { errors: fieldErrors, isSubmitting } = form.formState;
  const from = useWatch({ control: form.control, name: "address" });
  const chain = useWatch({ control: form.control, name: "chain" });

  // The address the connected wallet holds is the one it can sign for: choose it when it is linked.
  const { connected } = props;
  useEffect(() => {
    const match = sources.find((s) => s.address.toLowerCase() === connected?.toLowerCase());
    if (match && match.address !== form.getValues("address")) {
      form.setValue("address", match.address);
      form.setValue("chain", match.chain);
    }
    // `sources` is derived from props.addresses on every render; the connected address is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected]);

  const wrongWallet = connected !== undefined && from !== "" && connected.toLowerCase() !== from.toLowerCase();

  const onSubmit = form.handleSubmit(async (values) => {
    if (!connected || wrongWallet) return;
    setLastError(undefined);
    const message = redeemMessage(values, new Date());
    try {
      setBusy("signing");
      let signature: string;
      try {
        signature = await sign.mutateAsync({ message });
      } catch (e) {
        form.setError("root", { message: e instanceof Error ? e.message.split("\n")[0] : text.signFailed });
        return;
      }
      setBusy("placing");
      const order = await api.post<Order>("/orders", redeemBody(values, message, signature));
      props.onPlaced(order, message);
      form.reset({ ...values, amount: "", memo: "" });
      await queryClient.invalidateQueries({ queryKey: ["demo", "balances"] });
      await queryClient.invalidateQueries({ queryKey: ["demo", "orders"] });
    } catch (e) {
      setLastError(e);
      if (e instanceof ApiProblem) {
        let unplaced = false;
        for (const [path, problem] of Object.entries(e.errors)) {
          const field = FIELD_OF[path];
          if (field) form.setError(field, { message: problem });
          else unplaced = true;
        }
        if (unplaced || Object.keys(e.errors).length === 0) form.setError("root", { message: e.summary });
      } else if (e instanceof Error) {
        form.setError("root", { message: e.message });
      }
    } finally {
      setBusy(undefined);
    }
  });

  if (sources.length === 0) return <p className="empty">{text.noAddress}</p>;

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={text.heading}>
      <Field id="redeem-from" label={text.from} error={fieldErrors.address?.message}>
        <select
          id="redeem-from"
          value={`${chain}|${from}`}
          onChange={(e) => {
            const [nextChain = "", nextAddress = ""] = e.target.value.split("|");
            form.setValue("chain", nextChain);
            form.setValue("address", nextAddress);
          }}
        >
          {sources.map((s) => (
            <option key={`${s.chain}|${s.address}`} value={`${s.chain}|${s.address}`}>
              {text.fromOption(s.address, s.chain)}
            </option>
          ))}
        </select>
      </Field>
      {wrongWallet ? (
        <p className="form-error" role="alert" id="redeem-wrong-wallet">
          {text.wrongAddress(connected, from)}
        </p>
      ) : null}
      <Field id="redeem-amount" label={text.amount} error={fieldErrors.amount?.message}>
        <input
          id="redeem-amount"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={!!fieldErrors.amount}
          {...form.register("amount")}
        />
      </Field>
      <Field id="redeem-iban" label={text.iban} error={fieldErrors.iban?.message}>
        <input id="redeem-iban" autoComplete="off" aria-invalid={!!fieldErrors.iban} {...form.register("iban")} />
      </Field>
      <div className="field-row">
        <Field id="redeem-first-name" label={text.firstName} error={fieldErrors.firstName?.message}>
          <input
            id="redeem-first-name"
            autoComplete="off"
            aria-invalid={!!fieldErrors.firstName}
            {...form.register("firstName")}
          />
        </Field>
        <Field id="redeem-last-name" label={text.lastName} error={fieldErrors.lastName?.message}>
          <input
            id="redeem-last-name"
            autoComplete="off"
            aria-invalid={!!fieldErrors.lastName}
            {...form.register("lastName")}
          />
        </Field>
      </div>
      <Field id="redeem-memo" label={text.memo} error={fieldErrors.memo?.message}>
        <input
          id="redeem-memo"
          autoComplete="off"
          aria-describedby="redeem-memo-hint"
          aria-invalid={!!fieldErrors.memo}
          {...form.register("memo")}
        />
      </Field>
      <p className="muted" id="redeem-memo-hint">
        {text.memoHint}
      </p>
      <FormSubmit
        error={fieldErrors.root?.message}
        submitting={isSubmitting || busy !== undefined || !connected || wrongWallet}
        label={text.submit}
        busyLabel={busy === "placing" ? text.placing : busy === "signing" ? text.signing : text.submit}
      />
    </form>
  );
}
