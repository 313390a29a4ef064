import { AppError } from "../errors.ts";
import { CROSS_SITE_MESSAGE, isCrossSite } from "./browser.ts";

export type ActionRequest = {
  method: string;
  pathname: string;
  apiPrefix: string;
  appUrl: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  /** The `Next-Action` header: the page's JavaScript calling a server action. */
  nextAction: string | undefined;
  contentType: string | undefined;
};

/**
 * A server action posted from another site (C16, issue 16): 403 with the error body, before Next.js sees it. Next.js
 * refuses it too, but by throwing, which answers 500. Refused here is what Next.js may take for an action: a POST
 * outside the API with a `Next-Action` header, or a multipart form (an action's form sent before the page's
 * JavaScript runs). The route handlers that take such forms refuse other sites alike (`crossSiteRefusal`).
 */
export function crossSiteActionRefusal(request: ActionRequest): AppError | undefined {
  const { method, pathname, apiPrefix } = request;
  if (method !== "POST" || pathname === apiPrefix || pathname.startsWith(`${apiPrefix}/`)) return undefined;
  const action = request.nextAction !== undefined || /^multipart\/form-data\b/i.test(request.contentType?.trim() ?? "");
  if (!action || !isCrossSite(request.origin ?? null, request.fetchSite ?? null, request.appUrl)) return undefined;
  return new AppError("FORBIDDEN", CROSS_SITE_MESSAGE);
}
