/** Long values (addresses, IBANs, e-mails, hashes, ids) and the button that copies one, on every screen. */
export const values = {
  copy: "Copy",
  copied: "Copied",
  copyLabel: (what: string) => `Copy ${what}`,
} as const;
