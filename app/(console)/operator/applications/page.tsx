import { operatorCopy } from "@/components/copy/operator";
import { ApplicationsBoard } from "@/components/operator/applications-board";
import { listApplications } from "@/server/applications/operate-applications";
import { ALL_PRIVILEGES } from "@/server/applications/privileges";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

/** Every registered application; privilege requests first, for the operator to grant or decline. */
async function OperatorApplicationsPage() {
  const { applications } = await listApplications();
  return (
    <main>
      <h1>{operatorCopy.applications.title}</h1>
      <p className="muted">{operatorCopy.applications.intro}</p>
      <ApplicationsBoard applications={applications} privileges={ALL_PRIVILEGES} />
    </main>
  );
}

export default operatorPage("admin", OperatorApplicationsPage);
