import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import solc from "solc";
import type { Hex } from "viem";

/** The devnet's contracts (tests and `npm start`'s devnet), compiled on demand by solc-js (WebAssembly, a few seconds): no committed bytecode. */
const CONTRACTS_DIR = fileURLToPath(new URL("./contracts/", import.meta.url));

type SolcOutput = {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
};

/** Creation bytecode of every contract in `contracts/*.sol`, by contract name. */
export function compileContracts(): Record<string, Hex> {
  const sources = Object.fromEntries(
    fs
      .readdirSync(CONTRACTS_DIR)
      .filter((file) => file.endsWith(".sol"))
      .map((file) => [file, { content: fs.readFileSync(path.join(CONTRACTS_DIR, file), "utf8") }]),
  );
  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: "cancun",
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["evm.bytecode.object"] } },
    },
  };
  const compile = (solc as { compile: (input: string) => string }).compile;
  const output = JSON.parse(compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  const bytecode: Record<string, Hex> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) bytecode[name] = `0x${contract.evm.bytecode.object}`;
  }
  return bytecode;
}
