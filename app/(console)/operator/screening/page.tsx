import Link from "next/link";
import { screeningCopy } from "@/components/copy/screening";
import { ListUpload } from "@/components/screening/list-upload";
import { ListsTable, VersionsTable } from "@/components/screening/lists-table";
import { PublishTestUpdate } from "@/components/screening/publish-test-update";
import { serverClock } from "@/server/clock";
import { getConfig } from "@/server/config";
import { listStatuses } from "@/server/screening/lists/list-status";
import { listVersions } from "@/server/screening/lists/list-versions";
import { TEST_LIST } from "@/server/screening/list-entry";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { publishTestListAction } from "./actions";

export const dynamic = "force-dynamic";

const text = screeningCopy.lists;
const VERSIONS_ON_PAGE = 5;

/** The sanctions lists (C65): each one's version and age, a warning for any out of date, the upload, the history. */
async function ScreeningPage() {
  const { screening, environment } = getConfig();
  const lists = await listStatuses({ maxAgeHours: screening.listMaxAgeHours, now: serverClock() });
  const versions = await Promise.all(lists.map((list) => listVersions(list.source)));
  const stale = lists.filter((list) => list.stale);
  const testVersions = environment === "sandbox" ? await listVersions(TEST_LIST) : undefined;
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <p>
        <Link href="/operator/screening/cases">{screeningCopy.cases.title}</Link> ·{" "}
        <Link href="/operator/screening/frozen">{screeningCopy.frozen.title}</Link>
      </p>
      {stale.length > 0 ? (
        <p className="card notice" role="alert">
          {text.staleWarning(stale.map((list) => list.name).join(", "))}
        </p>
      ) : null}
      <ListsTable lists={lists} maxAgeHours={screening.listMaxAgeHours} />
      <ListUpload limit={screening.maxListFileBytes} />
      {lists.map((list, i) => (
        <VersionsTable key={list.source} name={list.name} versions={(versions[i] ?? []).slice(0, VERSIONS_ON_PAGE)} />
      ))}
      {testVersions ? (
        <section aria-label={screeningCopy.testList.title}>
          <h2>{screeningCopy.testList.title}</h2>
          <p className="muted">{screeningCopy.testList.intro}</p>
          <PublishTestUpdate publish={publishTestListAction} />
          <VersionsTable name={screeningCopy.testList.title} versions={testVersions.slice(0, VERSIONS_ON_PAGE)} />
        </section>
      ) : null}
    </main>
  );
}

export default operatorPage("compliance", ScreeningPage);
