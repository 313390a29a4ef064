"use server";

import { revalidatePath } from "next/cache";
import { changeApplicationLogo } from "@/server/applications/change-application-logo";
import type { RegisteredApplication } from "@/server/applications/register-application";
import { registerDeveloperApplication } from "@/server/applications/register-developer-application";
import { requestPrivileges, type PrivilegeRequest } from "@/server/applications/request-privileges";
import { rotateDeveloperSecret } from "@/server/applications/rotate-developer-secret";
import { updateDeveloperApplication } from "@/server/applications/update-developer-application";
import { getConfig } from "@/server/config";
import { developerAction, logoOf, type ActionResult } from "./developer-action";

function parsed(form: FormData): unknown {
  const values = form.get("values");
  try {
    return JSON.parse(typeof values === "string" ? values : "{}");
  } catch {
    return {};
  }
}

/** Register an application (fields as JSON in `values`, an optional `logo` file); the secret is answered once. */
export async function registerApplicationAction(form: FormData): Promise<ActionResult<RegisteredApplication>> {
  const result = await developerAction(async (userId) =>
    registerDeveloperApplication({ userId, input: parsed(form), logo: await logoOf(form), config: getConfig() }),
  );
  if (result.ok) revalidatePath("/developers");
  return result;
}

/** Rename an application and replace its redirect URIs. */
export async function updateApplicationAction(
  applicationId: string,
  input: unknown,
): Promise<ActionResult<{ name: string; redirectUris: string[] }>> {
  const result = await developerAction((userId) => updateDeveloperApplication({ userId, applicationId, input }));
  if (result.ok) revalidatePath(`/developers/apps/${applicationId}`, "layout");
  return result;
}

/** Replace the logo (a `logo` file in the form) or remove it (no file). */
export async function changeLogoAction(
  applicationId: string,
  form: FormData,
): Promise<ActionResult<{ logoFileId?: string }>> {
  const result = await developerAction(async (userId) =>
    changeApplicationLogo({ userId, applicationId, logo: (await logoOf(form)) ?? null, config: getConfig() }),
  );
  if (result.ok) revalidatePath(`/developers/apps/${applicationId}`);
  return result;
}

/** A new client secret; the old one stops working at once. */
export async function rotateSecretAction(applicationId: string): Promise<ActionResult<string>> {
  return developerAction((userId) => rotateDeveloperSecret({ userId, applicationId }));
}

/** Ask the operator for extra privileges (none: withdraw the request). */
export async function requestPrivilegesAction(
  applicationId: string,
  input: unknown,
): Promise<ActionResult<PrivilegeRequest>> {
  const result = await developerAction((userId) => requestPrivileges({ userId, applicationId, input }));
  if (result.ok) revalidatePath(`/developers/apps/${applicationId}`);
  return result;
}
