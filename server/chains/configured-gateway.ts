import type { Config } from "../config.ts";
import { evmGatewayFromConfig } from "./evm-gateway.ts";
import type { ChainGateway } from "./gateway.ts";
import { SandboxChainGateway } from "./sandbox-gateway.ts";

const holder = globalThis as typeof globalThis & { __tokenrailGateway?: ChainGateway };

/** The instance's chain gateway: the simulated sandbox chain, or real EVM chains when `TOKENRAIL_CHAIN_GATEWAY=evm`. */
export function chainGateway(config: Config): ChainGateway {
  holder.__tokenrailGateway ??=
    config.chainGateway.kind === "evm" ? evmGatewayFromConfig(config) : new SandboxChainGateway();
  return holder.__tokenrailGateway;
}

/**
 * The sandbox chain's own controls (smart accounts, on-chain signatures), where the instance runs on it. Decided by
 * the configuration, not by `instanceof`: the gateway lives on `globalThis`, and the bundle that made it (an
 * onboarding page linking an address, say) has a class of its own, not the one an API route's bundle imports.
 */
export function sandboxChain(config: Config): SandboxChainGateway | undefined {
  if (config.chainGateway.kind === "evm") return undefined;
  return chainGateway(config) as SandboxChainGateway;
}
