/** The files a submission's data names: a verification's `documents[].fileId` (details and the form name none). */
export function documentIds(data: unknown): string[] {
  const documents = (data as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(documents)) return [];
  return documents.flatMap((d: unknown) => {
    const fileId = (d as { fileId?: unknown } | null)?.fileId;
    return typeof fileId === "string" ? [fileId] : [];
  });
}
