/**
 * `npm run routes`: writes what is derived from the route files under app/api: the route table
 * (server/http/api-routes.generated.ts) and the OpenAPI document (server/contract/openapi.generated.json).
 */
import fs from "node:fs";
import { apiRoutes, renderTable, TABLE_FILE } from "./lib/api-routes.ts";
import { OPENAPI_FILE, renderOpenApi } from "./lib/openapi.ts";

fs.writeFileSync(TABLE_FILE, renderTable(apiRoutes()));
process.stdout.write(`${TABLE_FILE}: ${apiRoutes().length} routes\n`);
fs.writeFileSync(OPENAPI_FILE, await renderOpenApi());
process.stdout.write(`${OPENAPI_FILE}: written\n`);
