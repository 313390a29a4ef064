import type { Metadata, UniversalProvider } from "@walletconnect/universal-provider";
import { getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address } from "viem";
import { ChainNotConfiguredError, createConnector, ProviderNotFoundError } from "wagmi";

/**
 * A wagmi connector for WalletConnect v2 built on `@walletconnect/universal-provider` alone: the pairing link is
 * handed to the page (`message` events of type `display_uri`), which draws its own QR code. wagmi's own
 * `walletConnect()` needs `@walletconnect/ethereum-provider`, whose QR modal brings Reown's AppKit (some 140 more
 * packages) for the same pairing.
 *
 * Nothing here contacts the relay until `connect()` (or a session this browser paired earlier is restored): the
 * provider is created on first use, not when the page loads.
 */
type Provider = InstanceType<typeof UniversalProvider>;
export type WalletConnectParameters = { projectId: string; metadata: Metadata };

const NAMESPACE = "eip155";
/** What the link flow asks of the wallet: sign the link message, move to the chosen chain. */
const METHODS = ["personal_sign", "eth_sendTransaction", "eth_signTypedData_v4", "wallet_switchEthereumChain"];
const EVENTS = ["chainChanged", "accountsChanged"];
/** Remembered in wagmi's storage while a session is open, so a reload restores it without a relay call otherwise. */
const PAIRED = "walletConnectQr.paired";

walletConnectQr.type = "walletConnect" as const;

export function walletConnectQr(parameters: WalletConnectParameters) {
  let provider: Provider | undefined;
  let providerPromise: Promise<Provider> | undefined;
  let displayUri: ((uri: string) => void) | undefined;

  const accountsOf = (p: Provider, chainId?: number): Address[] =>
    [
      ...new Set(
        (p.session?.namespaces[NAMESPACE]?.accounts ?? [])
          .map((a) => a.split(":"))
          .filter(([, chain]) => chainId === undefined || chain === String(chainId))
          .map(([, , address]) => getAddress(address ?? "")),
      ),
    ] as Address[];

  return createConnector<Provider, Record<string, unknown>, { [PAIRED]: boolean }>((config) => {
    const changed = (accounts: string[]) => {
      if (accounts.length === 0) disconnected();
      else config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
    };
    const chainChanged = (chain: string | number) => config.emitter.emit("change", { chainId: Number(chain) });
    const disconnected = () => {
      if (provider) unlisten(provider);
      void config.storage?.removeItem(PAIRED);
      config.emitter.emit("disconnect");
    };
    let listening = false;
    const listen = (p: Provider) => {
      if (listening) return;
      listening = true;
      p.on("accountsChanged", changed);
      p.on("chainChanged", chainChanged);
      p.on("session_delete", disconnected);
    };
    const unlisten = (p: Provider) => {
      listening = false;
      p.removeListener("accountsChanged", changed);
      p.removeListener("chainChanged", chainChanged);
      p.removeListener("session_delete", disconnected);
    };

    return {
      id: "walletConnect",
      name: "WalletConnect",
      type: walletConnectQr.type,

      async connect({ chainId, withCapabilities } = {}) {
        const p = await this.getProvider();
        const target = chainId ?? config.chains[0].id;
        try {
          if (!displayUri) {
            displayUri = (uri) => config.emitter.emit("message", { type: "display_uri", data: uri });
            p.on("display_uri", displayUri);
          }
          if (!p.session) {
            const chains = [target, ...config.chains.map((c) => c.id).filter((id) => id !== target)];
            await p.connect({
              optionalNamespaces: {
                [NAMESPACE]: {
                  chains: chains.map((id) => `${NAMESPACE}:${id}`),
                  methods: METHODS,
                  events: EVENTS,
                  defaultChain: String(target),
                },
              },
            });
          }
          await config.storage?.setItem(PAIRED, true);
          let current = await this.getChainId();
          if (chainId && current !== chainId) current = (await this.switchChain?.({ chainId }))?.id ?? current;
          const accounts = await this.getAccounts();
          listen(p);
          return {
            accounts: (withCapabilities
              ? accounts.map((address) => ({ address, capabilities: {} }))
              : accounts) as never,
            chainId: current,
          };
        } catch (error) {
          if (/user rejected|rejected by the user/i.test((error as Error).message)) {
            throw new UserRejectedRequestError(error as Error);
          }
          throw error;
        } finally {
          if (displayUri) p.removeListener("display_uri", displayUri);
          displayUri = undefined;
        }
      },

      async disconnect() {
        await config.storage?.removeItem(PAIRED);
        if (!provider) return;
        unlisten(provider);
        await provider.disconnect().catch((error: Error) => {
          if (!/No matching key|call connect/i.test(error.message)) throw error;
        });
      },

      async getAccounts() {
        const p = await this.getProvider();
        return accountsOf(p, await this.getChainId());
      },

      async getChainId() {
        const p = await this.getProvider();
        if (!p.session) return config.chains[0].id;
        return Number(await p.request<number | string>({ method: "eth_chainId" }));
      },

      async getProvider() {
        if (provider) return provider;
        providerPromise ??= import("@walletconnect/universal-provider").then(({ UniversalProvider }) =>
          UniversalProvider.init({
            projectId: parameters.projectId,
            metadata: parameters.metadata,
            // No usage reports to WalletConnect's servers; the relay alone carries the pairing.
            telemetryEnabled: false,
            disableProviderPing: true,
          }),
        );
        try {
          provider = await providerPromise;
        } catch (error) {
          providerPromise = undefined;
          throw error;
        }
        provider.events.setMaxListeners(Number.POSITIVE_INFINITY);
        return provider;
      },

      async isAuthorized() {
        // Only a browser that paired before may reach for the relay when the page loads.
        if (!(await config.storage?.getItem(PAIRED))) return false;
        try {
          const p = await this.getProvider();
          if (!p.session) return false;
          listen(p);
          return (await this.getAccounts()).length > 0;
        } catch {
          return false;
        }
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
        const p = await this.getProvider();
        if (!p.session) throw new ProviderNotFoundError();
        try {
          await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
          config.emitter.emit("change", { chainId });
          return chain;
        } catch (error) {
          if (/user rejected/i.test((error as Error).message)) throw new UserRejectedRequestError(error as Error);
          throw new SwitchChainError(error as Error);
        }
      },

      onAccountsChanged: changed,
      onChainChanged: chainChanged,
      onDisconnect: disconnected,
    };
  });
}
