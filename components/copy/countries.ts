/** The operator console's Countries page (issue 32). */
export const countriesCopy = {
  title: "Countries",
  intro:
    "Each country's risk tier for a person's nationality and for where they live. High, restricted and prohibited ask for enhanced due diligence in KYC and raise monitoring alerts; GET /countries publishes these tiers. Changes apply at once and are in the audit log.",
  caption: "Countries and their risk tiers",
  columns: { name: "Country", code: "Code", nationality: "Nationality", residency: "Residency" },
  tierNames: {
    low: "Low",
    medium: "Medium",
    high: "High",
    restricted: "Restricted",
    prohibited: "Prohibited",
  } as Record<string, string>,
  form: {
    title: "Change a country's tiers",
    country: "Country",
    nationality: "Nationality tier",
    residency: "Residency tier",
    reason: "Reason (kept in the audit log)",
    submit: "Save tiers",
    saved: (name: string) => `${name}: tiers saved.`,
  },
};
