// Any other path under the API — 404 in the spec's error body
import { notFound } from "@/server/http/methods.ts";

export const { GET, POST, PUT, PATCH, DELETE } = notFound();
