import Link from "next/link";
import { ColumnHeads } from "@/components/console/column-heads";
import { screeningCopy } from "@/components/copy/screening";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import { UnfreezeForm } from "@/components/screening/unfreeze-form";
import { listFrozenProfiles } from "@/server/screening/cases/frozen-profiles";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { unfreezeAction } from "./actions";

export const dynamic = "force-dynamic";

const text = screeningCopy.frozen;

/** The profiles confirmed hits froze (C66), each with its cases and the request to unfreeze it. */
async function FrozenPage() {
  const profiles = await listFrozenProfiles();
  return (
    <main>
      <p>
        <Link href="/operator/screening/cases">{screeningCopy.case.back}</Link>
      </p>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      {profiles.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <TableScroll label={text.caption}>
          <table className="data-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <ColumnHeads columns={text.columns} />
            <tbody>
              {profiles.map((p) => (
                <tr key={p.id}>
                  <td>{p.name || p.id}</td>
                  <td>
                    <time dateTime={p.frozenAt}>{formatWhen(p.frozenAt)}</time>
                  </td>
                  <td>
                    {p.cases.map((c, i) => (
                      <span key={c.id}>
                        {i > 0 ? ", " : ""}
                        <Link href={`/operator/screening/cases/${c.id}`}>{c.number}</Link>
                      </span>
                    ))}
                  </td>
                  <td>
                    {p.awaitingUnfreeze ? (
                      text.awaiting
                    ) : (
                      <UnfreezeForm profileId={p.id} name={p.name || p.id} ask={unfreezeAction} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </main>
  );
}

export default operatorPage("compliance", FrozenPage);
