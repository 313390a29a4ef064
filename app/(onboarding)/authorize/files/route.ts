// POST /authorize/files?request={id} — the signed-in person uploads a KYC document from the onboarding screens
import { sessionUserId } from "@/app/auth";
import { getConfig } from "@/server/config";
import { crossSiteRefusal } from "@/server/http/browser";
import { multipartRequest } from "@/server/http/body";
import { AppError } from "@/server/errors";
import { withPublic } from "@/server/http/callers";
import { methods } from "@/server/http/methods";
import { requestRefSchema } from "@/server/onboarding/onboarding.schemas";
import { uploadOnboardingFile } from "@/server/onboarding/upload-onboarding-file";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withPublic({ accept: false, query: requestRefSchema }, async ({ req, query }) => {
    const config = getConfig();
    const refused = crossSiteRefusal(req, config.appUrl);
    if (refused?.kind === "error-page") throw new AppError("FORBIDDEN", refused.message);
    return uploadOnboardingFile({
      requestId: query.request,
      userId: await sessionUserId(),
      request: multipartRequest(req),
      config,
    });
  }),
});
