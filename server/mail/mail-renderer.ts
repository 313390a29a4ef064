import type { MailContent } from "./enqueue-mail.ts";

/** The integrator a mail is sent for: its name, and its logo as an absolute URL when it has one. */
export type MailBrand = { name: string; logoUrl?: string };

/**
 * Turns a mail's content into its HTML and plain text. The layout is presentation (React, components/mail/), so the
 * domain is handed one: the instance's boot passes the app's, tests may pass their own.
 */
export type MailRenderer = (content: MailContent, brand?: MailBrand) => Promise<{ html: string; text: string }>;

/** Where an application's logo is served (app/applications/[application]/logo), as an absolute URL. */
export function brandOf(
  appUrl: string,
  application: { id: string; name: string; logoFileId: string | null } | null | undefined,
): MailBrand | undefined {
  if (!application) return undefined;
  return {
    name: application.name,
    ...(application.logoFileId
      ? { logoUrl: `${appUrl}/applications/${application.id}/logo?v=${application.logoFileId}` }
      : {}),
  };
}
