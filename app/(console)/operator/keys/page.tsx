import { ColumnHeads } from "@/components/console/column-heads";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { keysCopy as text } from "@/components/copy/keys";
import { RefreshWhile } from "@/components/keys/refresh-while";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import { getConfig } from "@/server/config";
import { keyStatus } from "@/server/keys/key-status";

export const dynamic = "force-dynamic";

/**
 * The keys at rest (C70) for admins: the keyring's key names, the background passes that seal what was kept in plain
 * text and re-wrap data keys after a rotation with their progress, and what is left, counted now.
 */
async function KeysPage() {
  const status = await keyStatus(getConfig());
  const active = status.work.some((w) => w.state !== "done");
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>

      <section className="card" aria-labelledby="keyring-title">
        <h2 id="keyring-title">{text.keyringTitle}</h2>
        <dl>
          <dt>{text.current}</dt>
          <dd>
            <code>{status.currentKekId}</code>
          </dd>
          <dt>{text.keys}</dt>
          <dd>
            {status.kekIds.map((id, i) => (
              <span key={id}>
                {i > 0 ? ", " : ""}
                <code>{id}</code>
              </span>
            ))}
          </dd>
        </dl>
        <p className="muted">{text.keysNote}</p>
      </section>

      <h2 id="work-title">{text.workTitle}</h2>
      {status.work.length === 0 ? (
        <p className="card empty">{text.noWork}</p>
      ) : (
        <TableScroll label={text.workTitle}>
          <table className="data-table" aria-labelledby="work-title">
            <ColumnHeads columns={text.workColumns} />
            <tbody>
              {status.work.map((w) => (
                <tr key={w.name} data-work={w.name}>
                  <th scope="row">{text.work[w.name] ?? w.name}</th>
                  <td>
                    <code>{w.kekId}</code>
                  </td>
                  <td>{text.states[w.state] ?? w.state}</td>
                  <td>
                    <progress value={w.done} max={Math.max(w.total, 1)} aria-label={text.work[w.name] ?? w.name} />{" "}
                    {text.progress(w.done, w.total)}
                  </td>
                  <td className="num">{w.failed}</td>
                  <td>{w.startedAt ? formatWhen(w.startedAt.toISOString()) : ""}</td>
                  <td>{w.finishedAt ? formatWhen(w.finishedAt.toISOString()) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {status.kekIds.length < 2 && !status.work.some((w) => w.name === "rewrap") ? (
        <p className="muted">{text.noRotation}</p>
      ) : null}
      {active ? <p className="muted">{text.refreshing}</p> : null}
      <RefreshWhile active={active} />

      <section className="card" aria-labelledby="proof-title">
        <h2 id="proof-title">{text.proofTitle}</h2>
        <dl>
          <dt>{text.plainRecords}</dt>
          <dd data-count="plain-records">{status.plainRecords}</dd>
          <dt>{text.olderRecords}</dt>
          <dd data-count="older-records">{status.recordsUnderOlderKeys}</dd>
        </dl>
        <p className="muted">{text.proofNote}</p>
      </section>
    </main>
  );
}

export default operatorPage("admin", KeysPage);
