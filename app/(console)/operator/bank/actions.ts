"use server";

import { z } from "zod";
import { assignException } from "@/server/bank/exceptions/assign-exception";
import { returnException, type ReturnOutcome } from "@/server/bank/exceptions/return-exception";
import type { BankEntryView, BankFileView } from "@/server/bank/operator/bank-operator.responses";
import { assignExceptionSchema, returnExceptionSchema } from "@/server/bank/operator/bank-operator.schemas";
import { operatorPaymentRun, operatorReleasePaymentFile } from "@/server/bank/operator/payment-files";
import { getConfig } from "@/server/config";
import { MAX_ID } from "@/server/limits";
import { asOperator, type OperatorResult } from "../as-operator";

const entryRef = z.object({ entryId: z.string().max(MAX_ID) });
const fileRef = z.object({ fileId: z.string().max(MAX_ID) });

/** Assign an exception to an IBAN of ours (it mints there), as the signed-in operator. */
export async function assignExceptionAction(input: unknown): Promise<OperatorResult<BankEntryView>> {
  return asOperator("treasurer", entryRef.extend(assignExceptionSchema.shape), input, (actor, { entryId, iban }) =>
    assignException({ entryId, iban, actor, config: getConfig() }),
  );
}

/** Return an exception to its sender with a reason, as the signed-in operator (four eyes: it may wait). */
export async function returnExceptionAction(input: unknown): Promise<OperatorResult<ReturnOutcome>> {
  return asOperator("treasurer", entryRef.extend(returnExceptionSchema.shape), input, (actor, { entryId, reason }) =>
    returnException({ entryId, reason, actor, config: getConfig() }),
  );
}

/** Release a written payment file to the bank, as the signed-in operator. */
export async function releasePaymentFileAction(input: unknown): Promise<OperatorResult<BankFileView>> {
  return asOperator("treasurer", fileRef, input, async (actor, { fileId }) => {
    const { file } = await operatorReleasePaymentFile({ fileId, actor, config: getConfig() });
    return file;
  });
}

/** Write payment files now with every payout waiting, as the signed-in operator. */
export async function runPaymentRunAction(): Promise<OperatorResult<BankFileView[]>> {
  return asOperator("treasurer", z.object({}), {}, async (actor) => {
    const reply = await operatorPaymentRun({ actor, config: getConfig() });
    return (reply.body as { files: BankFileView[] }).files;
  });
}
