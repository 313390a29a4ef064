"use client";

import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { demo as demoCopy } from "@/components/copy/demo";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { authorizeUrl, loadTokens, type DemoSettings } from "./demo-session";
import { LongValue } from "@/components/layout/long-value";

const never = () => () => undefined;

/** "Connect with Tokenrail": a fresh PKCE verifier and state in the tab, then off to `/auth`. */
export function DemoStart(props: { settings: DemoSettings }) {
  const text = demoCopy;
  const { settings } = props;
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [elsewhere, setElsewhere] = useState<string>();
  // A token from an earlier sign-in in this tab: the account is one click away.
  const connected = useSyncExternalStore(
    never,
    () => loadTokens() !== undefined,
    () => false,
  );

  async function connect() {
    // The verifier lives in this origin's sessionStorage; the code comes back to the registered redirect URI's.
    const home = new URL(settings.redirectUri).origin;
    if (window.location.origin !== home) {
      setElsewhere(`${home}/demo`);
      return;
    }
    setBusy(true);
    window.location.assign(await authorizeUrl(settings));
  }

  return (
    <section className="card" aria-label={text.connect}>
      <dl className="facts">
        <dt>{text.facts.client}</dt>
        <dd>
          <LongValue value={settings.clientId} label={text.facts.client} />
        </dd>
        <dt>{text.facts.redirect}</dt>
        <dd>
          <LongValue value={settings.redirectUri} label={text.facts.redirect} />
        </dd>
        <dt>{text.facts.api}</dt>
        <dd>
          <LongValue value={settings.baseUrl} label={text.facts.api} />
        </dd>
      </dl>
      <div className="demo-connect">
        <button type="button" className="primary" disabled={!hydrated || busy} onClick={() => void connect()}>
          {busy ? text.connecting : text.connect}
        </button>
        {connected ? (
          <Link className="button" href="/demo/callback">
            {text.openAccount}
          </Link>
        ) : null}
      </div>
      {elsewhere ? (
        <p className="notice" role="alert">
          {text.otherOrigin} <a href={elsewhere}>{elsewhere}</a>
        </p>
      ) : null}
    </section>
  );
}
