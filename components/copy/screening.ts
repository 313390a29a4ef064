/** The words of the console's screening area (issue 32). */
export const screeningCopy = {
  lists: {
    title: "Sanctions lists",
    intro:
      "The lists every customer, counterpart, debtor and address is screened against. Upload an issue as its publisher " +
      "publishes it: it is checked and read whole, then becomes the list's next version all at once.",
    upload: "Upload a list",
    choose: "EU, UN, OFAC or UK list, as published (XML or CSV)",
    limit: (mb: string) => `At most ${mb}.`,
    uploading: (name: string) => `Uploading and importing ${name}…`,
    progress: "Upload progress",
    failed: "The upload failed. Try again.",
    imported: (name: string, number: number) => `${name} imported as version ${number}.`,
    duplicate: (name: string, number: number) => `${name} was imported before (version ${number}): nothing changed.`,
    caption: "Lists, their current version and age",
    columns: {
      list: "List",
      version: "Version",
      published: "Issue of",
      imported: "Imported",
      entries: "Entries",
      age: "Age",
      state: "State",
    },
    never: "Never imported",
    current: "Current",
    stale: (hours: number) => `Older than ${hours} h`,
    staleWarning: (names: string) =>
      `Out of date: ${names}. Screening uses what was last imported; import the current issue.`,
    versionsCaption: (name: string) => `${name}: latest versions`,
    versionColumns: {
      version: "Version",
      file: "File",
      origin: "From",
      imported: "Imported",
      changes: "Added · changed · removed",
    },
    noVersions: "No version yet.",
  },
  testList: {
    title: "Sandbox test list",
    intro:
      "Test names and addresses that always hit in the sandbox, never in production (see the compliance guide). " +
      "Publishing an update adds the next test name and address as a new version, and every customer is screened " +
      "again against it, as after a real list update.",
    publish: "Publish a test list update",
    publishing: "Publishing…",
    published: (number: number) => `Version ${number} published; customers are being screened again.`,
  },
  rescreen: {
    title: "Re-screening",
    none: "This version was imported before re-screening existed.",
    states: { pending: "Waiting", running: "Running", done: "Done" } as Record<string, string>,
    progress: (profiles: number, addresses: number, cases: number) =>
      `Rescreened ${profiles.toLocaleString("en")} customers and ${addresses.toLocaleString("en")} addresses, ` +
      `${cases.toLocaleString("en")} new ${cases === 1 ? "case" : "cases"}.`,
    nothing: "Nothing to screen again: this version added and changed no entry.",
  },
  version: {
    title: (name: string, number: number) => `${name}, version ${number}`,
    summary: (added: number, changed: number, removed: number) =>
      `${added} added · ${changed} changed · ${removed} removed`,
    caption: "What this version changed",
    columns: { ref: "Entry", change: "Change", name: "Name", detail: "Details" },
    empty: "This version changed no entry.",
    filter: "Show",
    all: "All changes",
    pages: "Pages of changes",
    pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
    previous: "Previous page",
    next: "Next page",
    back: "All lists",
  },
  cases: {
    title: "Cases",
    intro:
      "Potential sanctions hits and monitoring alerts, oldest first. An open screening case holds what it names until " +
      "it is cleared as a false positive, or confirmed by two officers, which freezes the profile.",
    caption: "Cases",
    columns: {
      number: "Case",
      subject: "Subject",
      match: "List entry or alert",
      score: "Score",
      holds: "Holds",
      since: "Opened",
    },
    states: { open: "Open", cleared: "Cleared", confirmed: "Confirmed" } as Record<string, string>,
    kinds: { all: "All kinds", screening: "Sanctions hits", monitoring: "Monitoring alerts" } as Record<string, string>,
    kindsCaption: "Kinds of case",
    empty: "No case in this state.",
    awaiting: "Confirmation awaits a second officer",
    pages: "Pages of cases",
  },
  case: {
    title: (n: number) => `Case ${n}`,
    subject: "Subject as screened",
    entry: "List entry",
    explanation: "Why it matched",
    history: "History",
    decide: "Decision",
    reason: "Reason (kept with the case and in the audit log)",
    reasonRequired: "Give the reason first.",
    clear: "Clear as a false positive",
    confirm: "Confirm the hit (a second officer approves)",
    cleared: "Cleared.",
    awaiting: "Asked: a second compliance officer confirms it under Approvals.",
    back: "All cases",
    alert: "Alert",
    rule: "Rule",
    saw: "What it saw",
    amount: "Amount",
    window: "Window",
    movement: "Movement",
    related: "Movements the rule counted",
    orders: "The profile's orders",
    profile: "The profile",
    confirmAlert: "Confirm as suspicious activity (a second officer approves; freezes the profile)",
    fields: {
      ref: "Entry",
      name: "Name",
      kind: "Kind",
      birthDate: "Date of birth",
      birthDates: "Dates of birth",
      countries: "Countries",
      nationalities: "Nationalities",
      names: "Names and aliases",
      identifiers: "Identifiers",
      walletAddresses: "Wallet addresses",
      programs: "Programmes",
      listedOn: "Listed on",
      remarks: "Remarks",
      address: "Address",
      currency: "Currency",
      alias: "Alias that matched",
      nameScore: "Name score",
      parts: "Name parts",
      unmatched: "Parts without a match",
      adjustments: "What moved the score",
    } as Record<string, string>,
    primary: "main name",
    weak: "weak alias",
    partColumns: { query: "Submitted", listed: "Listed", similarity: "Similarity" },
    submitted: "submitted",
    listed: "listed",
    score: (score: number) => `Score ${score.toFixed(2)}`,
  },
  frozen: {
    title: "Frozen profiles",
    intro:
      "Profiles a confirmed hit froze: they place no orders, their credits wait in the bank's exceptions and their " +
      "integrator sees them blocked, without the reason. Unfreezing needs a second compliance officer.",
    caption: "Frozen profiles",
    columns: { profile: "Profile", since: "Frozen since", cases: "Confirmed cases", action: "Unfreeze" },
    empty: "No profile is frozen.",
    reason: (name: string) => `Why ${name} may be unfrozen`,
    ask: "Ask to unfreeze",
    asked: "Asked: a second compliance officer approves it under Approvals.",
    awaiting: "Unfreezing awaits a second officer",
    reasonRequired: "Give the reason first.",
  },
  changes: { added: "Added", changed: "Changed", removed: "Removed" } as Record<string, string>,
  origins: { upload: "Upload", folder: "Folder", url: "Download", simulator: "Simulator" } as Record<string, string>,
};

/** An age in words: `3 h`, `2 d 4 h`. */
export function ageText(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
