/** The operator console. */
export const operatorCopy = {
  title: "Operator",
  sections: {
    label: "Operator console",
    review: "KYC review",
    orders: "Orders",
    applications: "Applications",
    ledger: "Ledger",
    audit: "Audit log",
    outbox: "Outbox",
  },
  outbox: {
    title: "Outbox",
    empty: "No messages yet. Set-password links appear here when applications sign people up.",
  },
};
