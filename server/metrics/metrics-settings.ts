import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

export const metricsSettings = defineSettings({
  variables: {
    TOKENRAIL_METRICS_TOKEN: z.string().min(32, "must be at least 32 characters").max(256).optional(),
  },
  read: (e) => ({
    /**
     * The bearer token `/metrics` asks for. Production serves no metrics without one; the sandbox serves them openly
     * unless one is set.
     */
    metricsToken: e.TOKENRAIL_METRICS_TOKEN,
  }),
});
