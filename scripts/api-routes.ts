/** `npm run routes`: writes server/http/api-routes.generated.ts from the route files under app/api. */
import fs from "node:fs";
import { apiRoutes, renderTable, TABLE_FILE } from "./lib/api-routes.ts";

fs.writeFileSync(TABLE_FILE, renderTable(apiRoutes()));
process.stdout.write(`${TABLE_FILE}: ${apiRoutes().length} routes\n`);
