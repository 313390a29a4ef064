"use client";

import { useState, useSyncExternalStore } from "react";
import { developersCopy } from "@/components/copy/developers";
import { Field } from "@/components/onboarding/field";
import {
  mask,
  parseAttempt,
  readCallback,
  saveAttempt,
  startAttempt,
  storedAttempt,
  type Attempt,
} from "./try-it-flow";

const unsubscribed = () => () => undefined;

type Tokens = { accessToken: string; refreshToken?: string; expiresIn?: number; context: unknown };
type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
  message?: string;
};

/**
 * Runs the authorization code flow with PKCE from this page, as the application's public client: start, onboard in
 * another tab, paste the address one was sent back to, exchange the code and read /auth/context.
 */
export function TryItPanel(props: {
  applicationId: string;
  clientId: string;
  redirectUris: string[];
  apiBase: string;
  accept: string;
}) {
  const text = developersCopy.tryIt;
  const [redirectUri, setRedirectUri] = useState(props.redirectUris[0] ?? "");
  const [skipKyc, setSkipKyc] = useState(true);
  const [skipAccount, setSkipAccount] = useState(true);
  // An attempt started earlier in this tab continues (the person may have onboarded in this very tab).
  const stored = useSyncExternalStore(
    unsubscribed,
    () => storedAttempt(props.applicationId),
    () => null,
  );
  const [current, setAttempt] = useState<Attempt | null>();
  const attempt = current === undefined ? parseAttempt(stored) : (current ?? undefined);
  const [pasted, setPasted] = useState("");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [tokens, setTokens] = useState<Tokens>();

  if (props.redirectUris.length === 0) return <p className="card empty">{text.noRedirectUris}</p>;

  const start = async () => {
    const extra: Record<string, string> = {};
    if (skipKyc) extra.skip_kyc = "true";
    if (skipAccount) extra.skip_create_account = "true";
    const next = await startAttempt({ apiBase: props.apiBase, clientId: props.clientId, redirectUri, extra });
    saveAttempt(props.applicationId, next);
    setAttempt(next);
    setTokens(undefined);
    setProblem(undefined);
    setPasted("");
  };

  const exchange = async () => {
    setProblem(undefined);
    if (!attempt) return setProblem(text.errors.noStart);
    const reading = readCallback(pasted, attempt);
    if (reading.kind !== "code") {
      const e = text.errors;
      const messages = {
        "not-url": e.notUrl,
        "wrong-redirect": e.wrongRedirect(attempt.redirectUri),
        state: e.state,
        "access-denied": e.accessDenied,
        "no-code": e.noCode,
        error: reading.kind === "error" ? e.other(reading.error, reading.description) : "",
      };
      return setProblem(messages[reading.kind]);
    }
    setBusy(true);
    try {
      const res = await fetch(`${props.apiBase}/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: props.clientId,
          code: reading.code,
          redirect_uri: attempt.redirectUri,
          code_verifier: attempt.verifier,
        }),
      });
      const answer = (await res.json()) as TokenAnswer;
      if (!res.ok || !answer.access_token) {
        const description = answer.error_description ?? answer.message ?? String(res.status);
        return setProblem(
          answer.error === "invalid_grant" ? text.errors.invalidGrant(description) : text.errors.token(description),
        );
      }
      // The code is spent: this attempt is over.
      saveAttempt(props.applicationId, undefined);
      const contextRes = await fetch(`${props.apiBase}/auth/context`, {
        headers: { authorization: `Bearer ${answer.access_token}`, accept: props.accept },
      });
      const context: unknown = await contextRes.json();
      if (!contextRes.ok) setProblem(text.errors.context(contextRes.status));
      setTokens({
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresIn: answer.expires_in,
        context,
      });
    } catch {
      setProblem(text.errors.network);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="try-it">
      <section className="card" aria-labelledby="try-heading">
        <h2 id="try-heading">{text.heading}</h2>
        <p>{text.intro}</p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void start();
          }}
        >
          <Field id="try-redirect" label={text.redirectUri}>
            <select id="try-redirect" value={redirectUri} onChange={(e) => setRedirectUri(e.target.value)}>
              {props.redirectUris.map((uri) => (
                <option key={uri} value={uri}>
                  {uri}
                </option>
              ))}
            </select>
          </Field>
          <label className="inline-choice">
            <input type="checkbox" checked={skipKyc} onChange={(e) => setSkipKyc(e.target.checked)} />
            {text.skipKyc}
          </label>
          <label className="inline-choice">
            <input type="checkbox" checked={skipAccount} onChange={(e) => setSkipAccount(e.target.checked)} />
            {text.skipAccount}
          </label>
          <button className="primary" type="submit">
            {attempt ? text.again : text.start}
          </button>
        </form>
      </section>
      {attempt ? (
        <section className="card" aria-labelledby="try-step1">
          <h3 id="try-step1">{text.step1}</h3>
          <p className="muted" id="try-url-label">
            {text.urlLabel}
          </p>
          <pre className="try-url" aria-labelledby="try-url-label">
            {attempt.url}
          </pre>
          <p>
            <a className="button primary" href={attempt.url} target="_blank" rel="noopener">
              {text.open}
            </a>
          </p>
          <p className="muted">{text.openExplained}</p>
          <h3 id="try-step2">{text.step2}</h3>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void exchange();
            }}
          >
            <Field id="try-pasted" label={text.pasted} error={problem}>
              <input
                id="try-pasted"
                type="url"
                spellCheck={false}
                value={pasted}
                placeholder={`${attempt.redirectUri}?code=…&state=…`}
                aria-invalid={!!problem}
                onChange={(e) => setPasted(e.target.value)}
              />
            </Field>
            <button className="primary" type="submit" disabled={busy || !pasted}>
              {busy ? text.exchanging : text.exchange}
            </button>
          </form>
        </section>
      ) : problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {tokens ? (
        <section className="card" aria-labelledby="try-step3">
          <h3 id="try-step3">{text.step3}</h3>
          <dl className="facts">
            <div>
              <dt>{text.accessToken}</dt>
              <dd>
                <code data-testid="access-token">{mask(tokens.accessToken)}</code>
              </dd>
            </div>
            {tokens.refreshToken ? (
              <div>
                <dt>{text.refreshToken}</dt>
                <dd>
                  <code>{mask(tokens.refreshToken)}</code>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{text.expiresIn}</dt>
              <dd>{tokens.expiresIn}</dd>
            </div>
          </dl>
          <h4 id="try-context">{text.context}</h4>
          <pre className="try-context" aria-labelledby="try-context">
            {JSON.stringify(tokens.context, null, 2)}
          </pre>
        </section>
      ) : null}
    </main>
  );
}
