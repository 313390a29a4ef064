"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { nameScalarEditors } from "./name-scalar-editors";

/** Scalar's renderer, set up to fetch nothing but this instance's document and API. */
export default function ScalarReference({ documentUrl }: { documentUrl: string }) {
  const [token, setToken] = useState("");
  const reference = useRef<HTMLDivElement>(null);
  useEffect(() => (reference.current ? nameScalarEditors(reference.current, "Value") : undefined), []);
  const configuration = useMemo(
    () => ({
      url: documentUrl,
      withDefaultFonts: false,
      telemetry: false,
      mcp: { disabled: true },
      agent: { disabled: true },
      hideDarkModeToggle: true,
      forceDarkModeState: "light" as const,
      showDeveloperTools: "never" as const,
      documentDownloadType: "both" as const,
      defaultHttpClient: { targetKey: "shell" as const, clientKey: "curl" as const },
      persistAuth: false,
      // A pasted access token signs every "Test Request" (both schemes take the same bearer token).
      authentication: {
        preferredSecurityScheme: "oauth2",
        securitySchemes: {
          oauth2: { flows: { authorizationCode: { token }, clientCredentials: { token } } },
          clientCredentials: { flows: { clientCredentials: { token } } },
        },
      },
    }),
    [documentUrl, token],
  );
  const useToken = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("access-token");
    setToken(typeof value === "string" ? value.trim() : "");
  };
  return (
    <>
      <form className="docs-token" onSubmit={useToken}>
        <label htmlFor="access-token">Access token for “Test Request”</label>
        <input id="access-token" name="access-token" type="password" autoComplete="off" spellCheck={false} />
        <button type="submit">Use this token</button>
        {token ? <span role="status">Test requests now send this token.</span> : null}
      </form>
      <div className="docs-scalar" ref={reference}>
        <ApiReferenceReact configuration={configuration} />
      </div>
    </>
  );
}
