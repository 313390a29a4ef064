import type { Metadata } from "next";
import { getConfig } from "@/server/config";
import { publishedReserves } from "@/server/reserves/reserves-report";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Proof of reserves · Tokenrail" };

/**
 * Proof of reserves, public (C69): the signed JSON of `GET /reserves` as a page, per currency and day. No sign-in,
 * aggregates only. `?before=YYYY-MM-DD` pages back, as the JSON does.
 */
export default async function ReservesPage(props: { searchParams: Promise<{ before?: string | string[] }> }) {
  const config = getConfig();
  const asked = (await props.searchParams).before;
  const before = typeof asked === "string" && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : undefined;
  const { reserves } = await publishedReserves({ config, before });
  return (
    <main className="shell">
      <h1>Proof of reserves</h1>
      <p>
        For every currency and day: the tokens on each chain, read from the token contracts, and the balance of the
        safeguarding account in that day&apos;s bank statement. The same figures are published as JSON, signed:{" "}
        <a href={`${config.baseUrl}/reserves`}>{config.baseUrl}/reserves</a>, verifiable with the key at{" "}
        <a href={`${config.baseUrl}/reserves/jwks`}>{config.baseUrl}/reserves/jwks</a>.
      </p>
      {reserves.days.length === 0 ? (
        <p className="card empty">Nothing published yet.</p>
      ) : (
        <table className="data-table" aria-label="Reserves per currency and day">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Currency</th>
              <th scope="col">Tokens per chain</th>
              <th scope="col" className="num">
                Tokens outstanding
              </th>
              <th scope="col" className="num">
                Safeguarded
              </th>
              <th scope="col" className="num">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {reserves.days.map((d) => (
              <tr key={`${d.date}/${d.currency}`} data-day={`${d.date}/${d.currency}`}>
                <th scope="row">{d.date}</th>
                <td>{d.currency.toUpperCase()}</td>
                <td>{d.chains.map((c) => `${c.chain}: ${c.onChain}`).join(", ")}</td>
                <td className="num">{d.outstanding}</td>
                <td className="num">{d.safeguarded ?? "no statement"}</td>
                <td className="num">{d.difference ?? "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {reserves.next ? <a href={`/reserves?before=${reserves.next}`}>Older days</a> : null}
    </main>
  );
}
