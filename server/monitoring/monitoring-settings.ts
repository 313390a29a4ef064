import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

export type MonitoringConfig = {
  /** The UTC hour from which the previous day is swept through the rules (docs/compliance.md, "Monitoring"). */
  sweepHour: number;
};

export const monitoringSettings = defineSettings({
  variables: {
    TOKENRAIL_MONITORING_SWEEP_HOUR: z.coerce.number().int().min(0).max(23).default(2),
  },
  read: (e): { monitoring: MonitoringConfig } => ({ monitoring: { sweepHour: e.TOKENRAIL_MONITORING_SWEEP_HOUR } }),
});
