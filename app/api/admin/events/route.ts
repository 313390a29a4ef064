// GET /admin/events — recorded domain events (profile.updated, …), newest first, for the operator
import { webSession } from "@/app/auth";
import { listEvents, listEventsQuery } from "@/server/events/list-events.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { recordedEventListResponse } from "@/server/events/event.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "admin",
    { query: listEventsQuery, responses: { 200: recordedEventListResponse } },
    ({ query }) => listEvents(query),
  ),
});
