import { TryItPanel } from "@/components/developers/try-it-panel";
import { getConfig } from "@/server/config";
import { loadApplication } from "../load-application";

export const dynamic = "force-dynamic";

/** "Try it": the authorization flow against one of the application's own redirect URIs. */
export default async function TryItPage(props: { params: Promise<{ application: string }> }) {
  const app = await loadApplication((await props.params).application);
  const config = getConfig();
  return (
    <TryItPanel
      applicationId={app.id}
      clientId={app.codeClientId}
      redirectUris={app.redirectUris}
      apiBase={config.baseUrl}
      accept={`application/vnd.${config.vendors[0]}.api-v2+json`}
    />
  );
}
