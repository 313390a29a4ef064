import { cache } from "react";
import { notFound } from "next/navigation";
import { auth } from "@/app/auth";
import {
  readDeveloperApplication,
  type DeveloperApplicationDetails,
} from "@/server/applications/read-developer-application";
import { isAppError } from "@/server/errors";

/**
 * The application of this page if the signed-in person may manage it; anyone else gets the 404 of a page that does
 * not exist. Read once per request however many layouts and pages ask.
 */
export const loadApplication = cache(async (applicationId: string): Promise<DeveloperApplicationDetails> => {
  const userId = (await auth())?.user?.id;
  if (!userId) notFound();
  try {
    return await readDeveloperApplication({ userId, applicationId });
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  }
});
