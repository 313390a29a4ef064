import type { ReactNode } from "react";
import { SectionTabs } from "@/components/console/section-tabs";
import { bankCopy } from "@/components/copy/bank";
import "./bank.css";

/** The bank rail's pages: statements in, exceptions, payment files out, safeguarding. */
export default function BankLayout({ children }: { children: ReactNode }) {
  const t = bankCopy.tabs;
  return (
    <>
      <SectionTabs
        label={t.label}
        tabs={[
          { href: "/operator/bank", label: t.files, exact: true },
          { href: "/operator/bank/exceptions", label: t.exceptions },
          { href: "/operator/bank/payments", label: t.payments },
          { href: "/operator/bank/safeguarding", label: t.safeguarding },
        ]}
      />
      {children}
    </>
  );
}
