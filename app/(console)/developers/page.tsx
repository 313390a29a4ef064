import Link from "next/link";
import { auth } from "@/app/auth";
import { developersCopy } from "@/components/copy/developers";
import { RegisterApplicationForm } from "@/components/developers/register-application-form";
import { DocsLinks } from "@/components/docs/docs-links";
import { AccountForm } from "@/components/onboarding/account-form";
import { listDeveloperApplications } from "@/server/applications/list-developer-applications";
import { writableProfiles } from "@/server/applications/writable-profiles";
import { getConfig } from "@/server/config";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";

export const dynamic = "force-dynamic";

/**
 * The portal's front page. A visitor learns what an application is and creates a developer account (or signs in);
 * a signed-in person sees their applications in this instance's environment and registers new ones.
 */
export default async function DevelopersPage() {
  const user = (await auth())?.user;
  const text = developersCopy;
  const environment = getConfig().environment;
  const badge = (
    <span className="badge" data-environment={environment}>
      {text.environment[environment] ?? environment}
    </span>
  );
  if (!user?.id) {
    return (
      <main>
        <h1>
          {text.welcome.heading} {badge}
        </h1>
        <p>{text.welcome.intro}</p>
        <DocsLinks />
        <p className="muted">{text.welcome.account}</p>
        <div className="narrow">
          <AccountForm next="/developers" initialMode="signup" />
        </div>
      </main>
    );
  }
  const [apps, profiles] = await Promise.all([
    listDeveloperApplications({ userId: user.id, environment }),
    writableProfiles(user.id),
  ]);
  const profileName = (p: { kind: string; name: string }) =>
    p.name || (p.kind === "personal" ? text.list.personalProfile : p.kind);
  return (
    <main>
      <h1>
        {text.list.heading} {badge}
      </h1>
      <p className="muted">{text.environmentNote(environment)}</p>
      <DocsLinks />
      {apps.length === 0 ? (
        <section className="card empty" aria-label={text.list.empty}>
          <p>
            <strong>{text.list.empty}</strong>
          </p>
          <p>{text.list.emptyExplained}</p>
        </section>
      ) : (
        <TableScroll label={text.list.heading} className="table-scroll card">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{text.list.name}</th>
                <th scope="col">{text.list.profile}</th>
                <th scope="col">{text.list.codeClient}</th>
                <th scope="col">{text.list.privileges}</th>
              </tr>
            </thead>
            <tbody>
              {apps.map((app) => (
                <tr key={app.id}>
                  <td>
                    <Link href={`/developers/apps/${app.id}`}>{app.name}</Link>
                    {app.review === "approved" ? null : (
                      <span className={`badge ${app.review === "pending" ? "wait" : "bad"}`}>
                        {text.review[app.review]}
                      </span>
                    )}
                  </td>
                  <td>{profileName(app.profile)}</td>
                  <td>
                    <LongValue value={app.codeClientId} label={text.list.codeClient} />
                  </td>
                  <td>
                    {app.privileges.length === 0 && app.requestedPrivileges.length === 0 ? text.list.none : null}
                    {app.privileges.map((p) => (
                      <span key={p} className="badge good">
                        {text.privilege[p]?.name ?? p}
                      </span>
                    ))}
                    {app.requestedPrivileges.map((p) => (
                      <span key={p} className="badge wait">
                        {text.privilege[p]?.name ?? p} ({text.list.pending})
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {profiles.length === 0 ? (
        <p className="card notice">{text.list.noProfile}</p>
      ) : (
        <RegisterApplicationForm profiles={profiles.map((p) => ({ id: p.id, label: profileName(p) }))} />
      )}
    </main>
  );
}
