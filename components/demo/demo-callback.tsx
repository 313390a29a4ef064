"use client";

import { useCallback, useEffect, useState } from "react";
import { demo as demoCopy } from "@/components/copy/demo";
import { ApiProblem, exchangeCode } from "./demo-api";
import { DemoAccount } from "./demo-account";
import { DemoProblem } from "./demo-problem";
import { loadTokens, takePendingSignIn, type DemoSettings } from "./demo-session";

type Outcome = { kind: "ready" } | { kind: "problem"; message: string };

// The answer in the address bar is handled once per page load, even when React runs the effect twice.
let handling: { search: string; outcome: Promise<Outcome> } | undefined;

/** What Tokenrail sent back (`code` or `error`, and `state`), turned into a token or a plain message. */
async function handleAnswer(settings: DemoSettings, search: string): Promise<Outcome> {
  const text = demoCopy.callback;
  const answer = new URLSearchParams(search);
  const code = answer.get("code");
  const error = answer.get("error");
  if (!code && !error) {
    return loadTokens() ? { kind: "ready" } : { kind: "problem", message: text.signedOut };
  }
  const pending = takePendingSignIn();
  if (!pending || answer.get("state") !== pending.state) return { kind: "problem", message: text.badState };
  if (error) {
    const description = answer.get("error_description") ?? "";
    return {
      kind: "problem",
      message: error === "access_denied" ? text.denied : text.detail(error, description || error),
    };
  }
  if (!code) return { kind: "problem", message: text.noCode };
  try {
    await exchangeCode(settings, code, pending.verifier);
    return { kind: "ready" };
  } catch (e) {
    return { kind: "problem", message: e instanceof ApiProblem ? e.summary : String(e) };
  }
}

/** The redirect URI's page: the exchange first, then the signed-in view (or why there is none). */
export function DemoCallback(props: { settings: DemoSettings; sandbox: boolean }) {
  const { settings } = props;
  const [outcome, setOutcome] = useState<Outcome>();
  const onEnded = useCallback(() => setOutcome({ kind: "problem", message: demoCopy.callback.expired }), []);

  useEffect(() => {
    const search = window.location.search;
    if (handling?.search !== search) handling = { search, outcome: handleAnswer(settings, search) };
    let live = true;
    void handling.outcome.then((result) => {
      if (!live) return;
      // The code is spent: keep it out of the address bar, the history and any reload.
      if (search) window.history.replaceState(null, "", window.location.pathname);
      setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [settings]);

  if (!outcome) {
    return (
      <p role="status" className="muted">
        {demoCopy.callback.exchanging}
      </p>
    );
  }
  if (outcome.kind === "problem") return <DemoProblem message={outcome.message} />;
  return <DemoAccount settings={settings} sandbox={props.sandbox} onEnded={onEnded} />;
}
