import { applicationLogoUrl } from "@/app/applications/[application]/logo/logo-url";
import { developersCopy } from "@/components/copy/developers";
import { ApplicationDetailsForm } from "@/components/developers/details-form";
import { LogoForm } from "@/components/developers/logo-form";
import { PrivilegeRequestForm } from "@/components/developers/privilege-request-form";
import { RotateSecret } from "@/components/developers/rotate-secret";
import { CopyableValue } from "@/components/developers/secret-once";
import { loadApplication } from "./load-application";

export const dynamic = "force-dynamic";

/** An application's settings: its client IDs, secret, name and redirect URIs, logo and privileges. */
export default async function ApplicationSettingsPage(props: { params: Promise<{ application: string }> }) {
  const app = await loadApplication((await props.params).application);
  const text = developersCopy.settings;
  const ids = developersCopy.registered;
  return (
    <main className="settings">
      <section className="card" aria-labelledby="clients-heading">
        <h2 id="clients-heading">{text.clientsHeading}</h2>
        <dl className="facts">
          <CopyableValue id="code-client-id" label={ids.codeClientId} value={app.codeClientId} />
          <CopyableValue id="client-id" label={ids.clientId} value={app.clientId} />
          <div>
            <dt>{text.kycModel}</dt>
            <dd>{developersCopy.form[app.kycModel]}</dd>
          </div>
        </dl>
      </section>
      <RotateSecret applicationId={app.id} />
      <ApplicationDetailsForm applicationId={app.id} name={app.name} redirectUris={app.redirectUris} />
      <LogoForm applicationId={app.id} name={app.name} logoUrl={applicationLogoUrl(app.id, app.logoFileId)} />
      <PrivilegeRequestForm
        applicationId={app.id}
        granted={app.privileges}
        requested={app.requestedPrivileges}
        note={app.privilegeRequestNote}
      />
    </main>
  );
}
