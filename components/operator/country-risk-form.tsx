"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { setCountryRiskAction } from "@/app/(console)/operator/countries/actions";
import { countriesCopy } from "@/components/copy/countries";
import { COUNTRY_RISK_TIERS, type CountryRiskTier } from "@/server/countries/countries.schemas";
import type { CountryView } from "@/server/countries/countries.responses";

const text = countriesCopy.form;
const tierNames = countriesCopy.tierNames;

/** An admin picks a country, sets its two tiers and says why; the domain's refusals show in a status line. */
export function CountryRiskForm({ countries }: { countries: CountryView[] }) {
  const router = useRouter();
  const [code, setCode] = useState(countries[0]?.code ?? "");
  const current = countries.find((c) => c.code === code);
  const [nationality, setNationality] = useState<CountryRiskTier | undefined>();
  const [residency, setResidency] = useState<CountryRiskTier | undefined>();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  const choose = (next: string) => {
    setCode(next);
    setNationality(undefined);
    setResidency(undefined);
  };

  const submit = async () => {
    setBusy(true);
    try {
      const result = await setCountryRiskAction(code, {
        nationality: nationality ?? current?.nationality,
        residency: residency ?? current?.residency,
        reason,
      });
      if (result.ok) {
        setNotice({ error: false, text: text.saved(result.value.name) });
        setReason("");
        router.refresh();
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

  const tierSelect = (
    id: string,
    label: string,
    value: CountryRiskTier | undefined,
    set: (t: CountryRiskTier) => void,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(e) => set(e.target.value as CountryRiskTier)}>
        {COUNTRY_RISK_TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {tierNames[tier]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form
      className="card"
      aria-label={text.title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{text.title}</h2>
      <div className="field">
        <label htmlFor="country-code">{text.country}</label>
        <select id="country-code" value={code} onChange={(e) => choose(e.target.value)}>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name} ({country.code})
            </option>
          ))}
        </select>
      </div>
      {tierSelect("country-nationality", text.nationality, nationality ?? current?.nationality, setNationality)}
      {tierSelect("country-residency", text.residency, residency ?? current?.residency, setResidency)}
      <div className="field">
        <label htmlFor="country-reason">{text.reason}</label>
        <input id="country-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div aria-live="polite">
        {notice ? (
          <p className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {text.submit}
      </button>
    </form>
  );
}
