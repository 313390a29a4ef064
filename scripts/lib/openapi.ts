import { openApiDocument } from "../../server/http/openapi/document.ts";
import { apiOperations } from "./api-operations.ts";

export const OPENAPI_FILE = "server/contract/openapi.generated.json";

/** The API's OpenAPI document as `npm run routes` writes it (the default vendor; the served copy names the instance's). */
export async function renderOpenApi(root = process.cwd()): Promise<string> {
  const document = openApiDocument(await apiOperations(root), { version: "2", vendor: "tokenrail" });
  return `${JSON.stringify(document, null, 2)}\n`;
}
