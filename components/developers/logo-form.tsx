"use client";

import Image from "next/image";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { changeLogoAction } from "@/app/(console)/developers/actions";
import { developersCopy } from "@/components/copy/developers";
import { LogoPicker } from "./logo-picker";

/** The application's logo: the current one, a new one (previewed before upload), or none. */
export function LogoForm(props: { applicationId: string; name: string; logoUrl?: string }) {
  const text = developersCopy.settings;
  const router = useRouter();
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [picker, setPicker] = useState(0);

  const send = async (logo: File | undefined) => {
    setBusy(true);
    const body = new FormData();
    if (logo) body.set("logo", logo);
    const result = await changeLogoAction(props.applicationId, body);
    setBusy(false);
    if (!result.ok) return setError(result.fields?.logo ?? result.error);
    setFile(undefined);
    setError(undefined);
    // A fresh input: the chosen file and its preview are now the current logo.
    setPicker((n) => n + 1);
    router.refresh();
  };

  return (
    <section className="card" aria-labelledby="logo-heading">
      <h2 id="logo-heading">{text.logoHeading}</h2>
      {props.logoUrl ? (
        <Image
          unoptimized
          className="logo-current"
          src={props.logoUrl}
          alt={text.currentLogo(props.name)}
          width={64}
          height={64}
        />
      ) : (
        <p className="muted">{text.noLogo}</p>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file) void send(file);
        }}
      >
        <LogoPicker
          key={picker}
          id="logo"
          label={developersCopy.form.logo}
          error={error}
          onChange={(chosen, problem) => {
            setFile(chosen);
            setError(problem);
          }}
        />
        <div className="actions">
          <button className="primary" type="submit" disabled={!file || busy}>
            {busy ? text.uploading : text.uploadLogo}
          </button>
          {props.logoUrl ? (
            <button type="button" disabled={busy} onClick={() => void send(undefined)}>
              {text.removeLogo}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
