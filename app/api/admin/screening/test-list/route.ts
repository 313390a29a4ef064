// POST /admin/screening/test-list — publish the sandbox test list's next version (the simulator's list update)
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { PUBLISH_TEST_LIST_REFUSALS, PUBLISH_TEST_LIST_RESPONSES } from "@/server/screening/lists/lists.responses.ts";
import { publishTestListUpdate } from "@/server/screening/sandbox/test-list.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
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
