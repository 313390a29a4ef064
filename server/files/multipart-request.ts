/**
 * A `multipart/form-data` request as the upload use case reads it: its Content-Type (with the boundary the parser
 * needs), declared length and byte stream.
 */
export type MultipartRequest = {
  contentType: string;
  declaredLength: number | undefined;
  body: ReadableStream<Uint8Array> | null;
};
