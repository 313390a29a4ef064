import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

export type RetentionConfig = {
  /** Whole years personal data is kept after a profile is closed (the AML period), then erased. */
  years: number;
};

/** EU AMLD (Art. 40): records kept five years after the business relationship ends; member states may ask more. */
const AML_YEARS = 5;

/** How long personal data is kept once a relationship ends (docs/security.md, "Retention, access and erasure"). */
export const retentionSettings = defineSettings({
  variables: {
    TOKENRAIL_RETENTION_YEARS: z.coerce.number().int().min(0).max(100).default(AML_YEARS),
  },
  read(e, { production }, problems): { retention: RetentionConfig } {
    if (production && e.TOKENRAIL_RETENTION_YEARS < AML_YEARS) {
      problems.push(
        `TOKENRAIL_RETENTION_YEARS: production keeps records at least the AML period (${AML_YEARS} years after the relationship ends)`,
      );
    }
    return { retention: { years: e.TOKENRAIL_RETENTION_YEARS } };
  },
});
