import { operatorPage } from "@/app/(console)/operator/operator-page";
import { ColumnHeads } from "@/components/console/column-heads";
import { countriesCopy } from "@/components/copy/countries";
import { TableScroll } from "@/components/layout/table-scroll";
import { CountryRiskForm } from "@/components/operator/country-risk-form";
import { isHighRiskTier } from "@/server/countries/country-risk";
import { listCountries } from "@/server/countries/list-countries";

export const dynamic = "force-dynamic";

const text = countriesCopy;

/** The admins' page (issue 32): every country's risk tiers, and the form that changes them. */
async function CountriesPage() {
  const { countries } = await listCountries();
  const tier = (value: (typeof countries)[number]["nationality"]) => (
    <span className={isHighRiskTier(value) ? "badge bad" : value === "medium" ? "badge wait" : "badge good"}>
      {text.tierNames[value]}
    </span>
  );
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <CountryRiskForm countries={countries} />
      <TableScroll label={text.caption}>
        <table className="data-table">
          <caption className="visually-hidden">{text.caption}</caption>
          <ColumnHeads columns={text.columns} />
          <tbody>
            {countries.map((country) => (
              <tr key={country.code} aria-label={country.name}>
                <td data-label={text.columns.name}>{country.name}</td>
                <td data-label={text.columns.code}>{country.code}</td>
                <td data-label={text.columns.nationality}>{tier(country.nationality)}</td>
                <td data-label={text.columns.residency}>{tier(country.residency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </main>
  );
}

export default operatorPage("admin", CountriesPage);
