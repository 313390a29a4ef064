"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { demo as demoCopy } from "@/components/copy/demo";
import type { AuthContext, ProfileSummary } from "./api-types";
import { demoApi } from "./demo-api";
import { DemoConnectionContext, useApiQuery } from "./demo-context";
import { forgetTokens, type DemoSettings } from "./demo-session";
import { ProfileView } from "./profile-view";
import { Loading, QueryError } from "./query-state";
import { LongValue } from "@/components/layout/long-value";

/** The signed-in demo: who the token speaks for (`/auth/context`), then the chosen profile's accounts. */
export function DemoAccount(props: { settings: DemoSettings; sandbox: boolean; onEnded: () => void }) {
  const { settings, onEnded } = props;
  const connection = useMemo(() => ({ api: demoApi(settings), onEnded }), [settings, onEnded]);
  return (
    <DemoConnectionContext.Provider value={connection}>
      <AccountView sandbox={props.sandbox} />
    </DemoConnectionContext.Provider>
  );
}

function AccountView(props: { sandbox: boolean }) {
  const text = demoCopy.account;
  const queryClient = useQueryClient();
  const router = useRouter();
  const context = useApiQuery<AuthContext>(["context"], "/auth/context");
  const [chosen, setChosen] = useState<string>();

  function disconnect() {
    forgetTokens();
    queryClient.removeQueries({ queryKey: ["demo"] });
    router.push("/demo");
  }

  if (context.isPending) return <Loading label={text.loading} />;
  if (context.isError) return <QueryError error={context.error} onRetry={() => void context.refetch()} />;
  const { email, profiles, defaultProfile } = context.data;
  const profile = profiles.find((p) => p.id === (chosen ?? defaultProfile)) ?? profiles[0];

  return (
    <>
      <header className="demo-head">
        <div>
          <h1>{text.heading}</h1>
          <p className="muted" data-testid="demo-email">
            {text.signedInAs} <LongValue value={email} label={text.email} copy={false} plain />
          </p>
        </div>
        <button type="button" onClick={disconnect}>
          {text.signOut}
        </button>
      </header>
      {profile ? (
        <>
          <ProfileCard profiles={profiles} profile={profile} onChoose={setChosen} />
          <ProfileView key={profile.id} profile={profile} sandbox={props.sandbox} />
        </>
      ) : (
        <p className="card empty">{text.noProfile}</p>
      )}
    </>
  );
}

function ProfileCard(props: { profiles: ProfileSummary[]; profile: ProfileSummary; onChoose: (id: string) => void }) {
  const text = demoCopy.account;
  const { profile } = props;
  return (
    <section className="card" aria-labelledby="demo-profile-heading">
      <h2 id="demo-profile-heading">{text.profileHeading}</h2>
      {props.profiles.length > 1 ? (
        <div className="field">
          <label htmlFor="demo-profile">{text.profileLabel}</label>
          <select id="demo-profile" value={profile.id} onChange={(e) => props.onChoose(e.target.value)}>
            {props.profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <dl className="facts">
        <dt>{text.profileLabel}</dt>
        <dd>{profile.name}</dd>
        <dt>{text.profileKind}</dt>
        <dd>{profile.kind}</dd>
        <dt>{text.profileState}</dt>
        <dd>
          <span className={`demo-badge demo-badge-${profile.state}`} data-testid="demo-profile-state">
            {text.states[profile.state] ?? profile.state}
          </span>
        </dd>
      </dl>
    </section>
  );
}
