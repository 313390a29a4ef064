import { z } from "zod";
import type { Spec } from "../contract/operation.ts";
import { tooLong } from "../limits.ts";
import { profileResponse } from "../profiles/profile.responses.ts";
import { OPERATOR_WRITE } from "../users/operator.responses.ts";
import { erasureRequestResponse } from "./retention.responses.ts";

/** Closing a profile or asking for its erasure (C71): the owner may say why; an operator must. */
export const closeProfileSchema = z.object({
  reason: z.string().trim().min(1).max(500, tooLong(500)).optional(),
});

/** The console's forms: an operator gives the reason the audit log keeps. */
export const operatorReasonSchema = z.object({
  reason: z.string().trim().min(1, "Give a reason").max(500, tooLong(500)),
});

/** `POST /profiles/{profile}/close`. */
export const CLOSE_PROFILE = {
  body: closeProfileSchema,
  responses: { 200: profileResponse },
  refusals: {
    403: "No write permission on the profile, or an application's own token (only the person may close it)",
    409: "The profile is closed already, or has orders under way",
  },
} satisfies Spec;

/** `POST /profiles/{profile}/erasure-request`. */
export const ERASURE_REQUEST = {
  body: closeProfileSchema,
  responses: { 200: erasureRequestResponse },
  refusals: {
    403: "No write permission on the profile, or an application's own token (only the person may ask)",
    409: "The profile's data is erased already, or it has orders under way",
  },
} satisfies Spec;

/** `POST /admin/profiles/{profile}/export`: sent from the console's form, so a browser's Accept is fine. */
export const EXPORT_PROFILE = {
  accept: false,
  responses: {
    200: {
      description: "The export: `profile.json` and `documents/<file id>` in a gzip-compressed tar",
      contentType: "application/gzip",
      headers: { "content-disposition": "`attachment` with the archive's name" },
    },
  },
  refusals: OPERATOR_WRITE,
} satisfies Spec;
