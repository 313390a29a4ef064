// GET /admin/screening/lists — every sanctions list with its version and age; POST — upload an issue of a list
import { webSession } from "@/app/auth";
import { serverClock } from "@/server/clock.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listBody } from "@/server/http/xml-body.ts";
import { listStatuses } from "@/server/screening/lists/list-status.ts";
import {
  LIST_STATUSES_RESPONSES,
  UPLOAD_LIST_REFUSALS,
  UPLOAD_LIST_RESPONSES,
} from "@/server/screening/lists/lists.responses.ts";
import { uploadListQuery } from "@/server/screening/lists/lists.schemas.ts";
import { uploadSanctionsList } from "@/server/screening/lists/upload-list.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "compliance", { responses: LIST_STATUSES_RESPONSES }, async () => {
    const maxAgeHours = getConfig().screening.listMaxAgeHours;
    return { lists: await listStatuses({ maxAgeHours, now: serverClock() }), maxAgeHours };
  }),
  POST: withOperator(
    webSession,
    "compliance",
    { query: uploadListQuery, responses: UPLOAD_LIST_RESPONSES, refusals: UPLOAD_LIST_REFUSALS },
    ({ req, query, operator }) =>
      uploadSanctionsList({
        request: listBody(req),
        source: query.list,
        name: query.name,
        actor: operator,
        config: getConfig(),
      }),
  ),
});
