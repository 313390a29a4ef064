"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  applicationChangeSchema,
  changeApplication,
  decidePrivilegeRequest,
  privilegeRequestDecisionSchema,
  type ApplicationView,
} from "@/server/applications/operate-applications";
import { applicationReviewSchema, reviewApplication } from "@/server/applications/review-application";
import { asOperator, type OperatorResult } from "../as-operator";
import { MAX_ID } from "@/server/limits";

const applicationRef = z.object({ applicationId: z.string().max(MAX_ID) });

/** Grant or decline a privilege the application's developer asked for. */
export async function decidePrivilegeRequestAction(input: unknown): Promise<OperatorResult<ApplicationView>> {
  const result = await asOperator(
    "admin",
    applicationRef.extend(privilegeRequestDecisionSchema.shape),
    input,
    (operator, { applicationId, ...request }) => decidePrivilegeRequest({ id: applicationId, request, operator }),
  );
  revalidatePath("/operator/applications");
  return result;
}

/** Set an application's privileges and KYC model directly. */
export async function changeApplicationAction(input: unknown): Promise<OperatorResult<ApplicationView>> {
  const result = await asOperator(
    "admin",
    applicationRef.extend(applicationChangeSchema.shape),
    input,
    (operator, { applicationId, ...change }) => changeApplication({ id: applicationId, change, operator }),
  );
  revalidatePath("/operator/applications");
  return result;
}

/** Approve or reject an application waiting in review (production). */
export async function reviewApplicationAction(input: unknown): Promise<OperatorResult<ApplicationView>> {
  const result = await asOperator(
    "admin",
    applicationRef.extend(applicationReviewSchema.shape),
    input,
    (operator, { applicationId, ...review }) => reviewApplication({ id: applicationId, review, operator }),
  );
  revalidatePath("/operator/applications");
  return result;
}
