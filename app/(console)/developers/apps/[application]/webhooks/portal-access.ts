import { notFound, redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { developerApplication, developerCaller } from "@/server/applications/developer-access";
import { isAppError } from "@/server/errors";
import { requestedPath } from "../../../../console-path";

/**
 * Every webhook page of the developer portal: a visitor signs in first (and comes back here); anyone who may not
 * manage the application gets the same 404 as an application that does not exist.
 */
export async function webhookPortalAccess(applicationId: string) {
  const userId = (await auth())?.user?.id;
  if (!userId) redirect(`/sign-in?next=${encodeURIComponent(await requestedPath("/developers"))}`);
  try {
    const app = await developerApplication({ userId, applicationId });
    return { app, caller: developerCaller(app, userId) };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
}
