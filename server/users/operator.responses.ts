import type { ResponseNote } from "../contract/operation.ts";

/** The refusal every operator write can give (`withOperator`): its session must come from our own pages. */
export const OPERATOR_WRITE = { 403: "Sent from another site: operator actions come from Tokenrail's own pages only" };

/** `GET /admin/files/{id}`: a document, downloaded or (`inline=1`, pictures and PDFs) shown in place. */
export const OPERATOR_FILE_CONTENT: ResponseNote = {
  description: "The file's content in its own media type: an attachment, or inline when asked and it can be shown",
  contentType: "*/*",
  headers: { "content-disposition": "`attachment` (or `inline`) with the file's name" },
};
