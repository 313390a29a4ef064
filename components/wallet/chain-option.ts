/** A chain the wallet step offers: its wire name, its label and its EVM chain id (for the wallet's own switch). */
export type ChainOption = { name: string; label: string; chainId: number };

/** An address linked, or waiting to be, on a chain. */
export type AddressOnChain = { address: string; chain: string };
