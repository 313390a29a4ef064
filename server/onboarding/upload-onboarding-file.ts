import type { Config } from "../config.ts";
import type { FileView } from "../files/file-view.ts";
import { uploadFile } from "../files/upload-file.ts";
import type { MultipartRequest } from "../files/multipart-request.ts";
import { AppError } from "../errors.ts";
import { loadOnboarding } from "./onboarding-state.ts";
import { personCaller } from "./session-caller.ts";

/** What the screen needs of an uploaded file: its id for the verifications body, and what to show. */
export type OnboardingFile = Pick<FileView, "id" | "name" | "size" | "type">;

/**
 * A document uploaded from the KYC screens: the signed-in person on a live authorization request uploads it as
 * themselves, under the same checks as `POST /files` (size limit while it streams in, type by content).
 */
export async function uploadOnboardingFile(options: {
  requestId: string;
  userId: string | undefined;
  request: MultipartRequest;
  config: Config;
}): Promise<OnboardingFile> {
  const { requestId, userId, request, config } = options;
  if (!userId) throw new AppError("UNAUTHENTICATED", "Sign in to upload documents");
  const onboarding = await loadOnboarding({ requestId, userId });
  if (!onboarding) throw new AppError("NOT_FOUND", "This sign-in link has expired");
  if (!onboarding.user) throw new AppError("UNAUTHENTICATED", "Sign in to upload documents");
  const file = await uploadFile({ caller: personCaller({ ...onboarding, user: onboarding.user }), request, config });
  return { id: file.id, name: file.name, size: file.size, type: file.type };
}
