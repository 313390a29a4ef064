import { operatorCopy } from "@/components/copy/operator";
import type { SectionTab } from "@/components/console/section-tabs";
import { allows, ANY_OPERATOR, type OperatorRole, type RoleNeed } from "@/server/operators/operator-roles";

const s = operatorCopy.sections;

/** The console's sections with the role each needs: the navigation shows an operator only what their roles allow. */
const SECTIONS: (SectionTab & { need: RoleNeed })[] = [
  { href: "/operator", label: s.review, exact: true, need: "reviewer" },
  { href: "/operator/orders", label: s.orders, need: "treasurer" },
  { href: "/operator/bank", label: s.bank, need: "treasurer" },
  { href: "/operator/ledger", label: s.ledger, need: "treasurer" },
  { href: "/operator/supply", label: s.supply, need: "treasurer" },
  { href: "/operator/screening", label: s.screening, need: "compliance" },
  { href: "/operator/approvals", label: s.approvals, need: ANY_OPERATOR },
  { href: "/operator/applications", label: s.applications, need: "admin" },
  { href: "/operator/operators", label: s.operators, need: "admin" },
  { href: "/operator/countries", label: s.countries, need: "admin" },
  { href: "/operator/audit", label: s.audit, need: "admin" },
  { href: "/operator/outbox", label: s.outbox, need: "admin" },
  { href: "/operator/keys", label: s.keys, need: "admin" },
  { href: "/operator/security", label: s.security, need: ANY_OPERATOR },
];

export function sectionsFor(roles: readonly OperatorRole[]): SectionTab[] {
  return SECTIONS.filter((section) => allows(roles, section.need)).map(({ need: _, ...tab }) => tab);
}
