// A process that signs as the issuer (through whichever signer its environment names) and then writes a heap
// snapshot to HEAP_SNAPSHOT: what an attacker reading this process's memory would find (pkcs11-heap.test.ts).
import v8 from "node:v8";
import { loadConfig } from "../config.ts";
import { signerAccount } from "../chains/signers/issuer-signer.ts";
import { issuerSigner, openIssuerSigner } from "../chains/signers/open-issuer-signer.ts";

const config = loadConfig();
await openIssuerSigner(config);
if (config.chainGateway.kind !== "evm") throw new Error("the heap test signs on an evm gateway");
const account = signerAccount(issuerSigner(config.chainGateway.signer));
// A mint as the gateway signs it, with the signer kept open while the snapshot is taken.
const signed = await account.signTransaction({
  chainId: 11155111,
  type: "eip1559",
  nonce: 7,
  to: "0x1111111111111111111111111111111111111111",
  data: "0x40c10f19",
  gas: 100_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
});
const file = process.env.HEAP_SNAPSHOT;
if (!file) throw new Error("HEAP_SNAPSHOT names the file to write");
v8.writeHeapSnapshot(file);
process.stdout.write(`${JSON.stringify({ address: account.address, signed })}\n`);
