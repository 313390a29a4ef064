// GET /sandbox/settings — the simulator's settings and the sandbox's time; PATCH — change them (every instance)
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { changeSandboxSettings } from "@/server/sandbox/change-sandbox-settings.ts";
import { getSandboxSettings } from "@/server/sandbox/get-sandbox-settings.ts";
import { patchSandboxSettingsSchema } from "@/server/sandbox/sandbox-settings.schemas.ts";
import { sandboxSettingsResponse } from "@/server/sandbox/sandbox-settings.responses.ts";

const responses = { 200: sandboxSettingsResponse };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withSandboxBearer({ responses }, () => getSandboxSettings({ config: getConfig() })),
  PATCH: withSandboxBearer({ body: patchSandboxSettingsSchema, responses }, ({ caller, body, requestId }) =>
    changeSandboxSettings({
      change: body,
      actor: { kind: "application", clientId: caller.clientId, userId: caller.userId, requestId },
      config: getConfig(),
    }),
  ),
});
