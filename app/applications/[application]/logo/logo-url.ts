/** Where an application's logo is served; the File id in the query makes every new logo a new URL (caching). */
export function applicationLogoUrl(applicationId: string, logoFileId: string | undefined): string | undefined {
  return logoFileId ? `/applications/${applicationId}/logo?v=${logoFileId}` : undefined;
}
