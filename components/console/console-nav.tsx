import Link from "next/link";
import { consoleCopy } from "@/components/copy/console";
import { LongValue } from "@/components/layout/long-value";

export type ConsoleNavProps = {
  email: string | undefined;
  operator: boolean;
  sandbox: boolean;
  signOut: () => Promise<void>;
};

/** The bar above every console screen: where one can go, given who is signed in and the environment. */
export function ConsoleNav({ email, operator, sandbox, signOut }: ConsoleNavProps) {
  const { nav } = consoleCopy;
  return (
    <header className="console-nav">
      <nav aria-label={nav.label}>
        <Link href="/" className="brand">
          {consoleCopy.brand}
        </Link>
        <Link href="/developers">{nav.developers}</Link>
        {sandbox ? <Link href="/sandbox">{nav.sandbox}</Link> : null}
        <Link href="/demo">{nav.demo}</Link>
        {operator ? <Link href="/operator">{nav.operator}</Link> : null}
      </nav>
      {email ? (
        <form action={signOut} className="console-session">
          <span>
            {nav.signedInAs} <LongValue value={email} label={nav.emailLabel} plain copy={false} />
          </span>
          <button type="submit">{nav.signOut}</button>
        </form>
      ) : null}
    </header>
  );
}
