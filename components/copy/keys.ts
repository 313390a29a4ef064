/** The console's page on the keys that protect personal data at rest (C70). */
export const keysCopy = {
  title: "Data keys",
  intro:
    "Documents and records of personal data are sealed under data keys of their own, wrapped by the keyring's " +
    "current key-encryption key. Rotate with npm run keys:rotate and restart every instance: the re-wrap below then " +
    "runs in the background, without downtime; an older key may leave the keyring once nothing is left under it.",
  keyringTitle: "Keyring",
  current: "Current key",
  keys: "Keys in the keyring",
  keysNote: "Only the keys' names are shown; the keys never leave the keyring file.",
  workTitle: "Background work",
  workColumns: ["Work", "Key", "State", "Progress", "Could not be done", "Started", "Finished"],
  work: {
    "seal-contents": "Seal files stored in plain text",
    "seal-records": "Seal records stored in plain text",
    rewrap: "Re-wrap data keys under the current key",
  } as Record<string, string>,
  states: { pending: "Waiting", running: "Running", done: "Done" } as Record<string, string>,
  progress: (done: number, total: number) => `${done} of ${total}`,
  noWork: "No background work has run yet: it starts with the first instance.",
  noRotation: "No rotation under way: the keyring holds one key.",
  proofTitle: "What is left",
  plainRecords: "Records still in plain text",
  olderRecords: "Records under an older key",
  proofNote: "Counted now, from the database. Files are counted by the passes above as they go.",
  refreshing: "This page reads the progress again every few seconds while work runs.",
};
