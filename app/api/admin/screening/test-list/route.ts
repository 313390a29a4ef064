// GET /admin/screening/test-list — the sandbox test list's versions; POST — publish its next version (the simulator)
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import {
  LIST_VERSIONS_RESPONSES,
  PUBLISH_TEST_LIST_REFUSALS,
  PUBLISH_TEST_LIST_RESPONSES,
} from "@/server/screening/lists/lists.responses.ts";
import { publishTestListUpdate, testListVersions } from "@/server/screening/sandbox/test-list.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "compliance", { responses: LIST_VERSIONS_RESPONSES }, () =>
    testListVersions(getConfig().environment),
  ),
  POST: withOperator(
    webSession,
    "compliance",
    { responses: PUBLISH_TEST_LIST_RESPONSES, refusals: PUBLISH_TEST_LIST_REFUSALS },
    async ({ operator }) => {
      const result = await publishTestListUpdate({ environment: getConfig().environment, actor: operator });
      return new Reply(result.duplicate ? 200 : 201, result);
    },
  ),
});
