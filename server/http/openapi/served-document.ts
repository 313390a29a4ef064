import YAML from "yaml";
import type { Config } from "../../config.ts";
import generated from "../../contract/openapi.generated.json" with { type: "json" };

/**
 * The OpenAPI document this instance serves: the one `npm run routes` generated from the route handlers' schemas,
 * with this instance's base URL as its server and its own media-type vendor.
 */
export function servedDocument(config: Pick<Config, "baseUrl" | "vendors">): Record<string, unknown> {
  const vendor = config.vendors[0] ?? "tokenrail";
  const text = JSON.stringify(generated)
    .replaceAll("vnd.tokenrail.", `vnd.${vendor}.`)
    .replaceAll("{base_url}", config.baseUrl);
  return JSON.parse(text) as Record<string, unknown>;
}

export function servedYaml(config: Pick<Config, "baseUrl" | "vendors">): string {
  return YAML.stringify(servedDocument(config));
}
