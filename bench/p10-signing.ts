import { encodeFunctionData, keccak256, recoverTransactionAddress, serializeTransaction, type Hex } from "viem";
import type { TransactionSerializableEIP1559 } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ISSUER_ABI } from "../server/chains/evm-abis.ts";
import { ethereumSignature } from "../server/chains/signers/ecdsa.ts";
import { signerAccount, type IssuerSigner } from "../server/chains/signers/issuer-signer.ts";
import { localSigner } from "../server/chains/signers/local-signer.ts";
import { CK } from "../server/chains/signers/pkcs11-api.ts";
import { openPkcs11Signer } from "../server/chains/signers/pkcs11-signer.ts";
import { findObjects, openToken } from "../server/chains/signers/pkcs11-token.ts";
import { importKey, initToken, PIN, SOFTHSM_LIBRARY, softhsmDir, softhsmMissing } from "../server/testing/softhsm.ts";
import { percentile } from "./load.ts";
import { median, printTable } from "./report.ts";
import { ROUNDS } from "./settings.ts";

/**
 * P10's signing leg, in this process: one mint's transaction signed as the EVM gateway signs it (`signerAccount`:
 * serialized, hashed, the hash signed, serialized again with the signature) by the local key and by the PKCS#11
 * signer on a SoftHSM2 token holding the same key, over the same `BENCH_P10_MINTS` (500) mint transactions per round,
 * the two in turns. No target (the issue asks for the figure). Beside them, where the PKCS#11 signature's time goes:
 * the token's own CKM_ECDSA (C_SignInit + C_Sign on a session of its own) and the recovery id found afterwards
 * (`ethereumSignature`: the token does not give it, so up to two public-key recoveries find it).
 */

const MINTS = Number(process.env.BENCH_P10_MINTS ?? 500);
const TOKEN = "bench-p10";
const KEY_LABEL = "tokenrail-issuer";

export type SigningFigures = {
  mints: number;
  /** µs per mint's signature: median over rounds of each round's p50, and the p99 of all. */
  localP50Us: number;
  pkcs11P50Us: number;
  localP99Us: number;
  pkcs11P99Us: number;
  ratio: number;
  tokenSignP50Us: number;
  recoveryP50Us: number;
};

/** Mint transactions as the gateway prepares them (EIP-1559 on sepolia), to distinct holders, nonces in turn. */
function mintTransactions(count: number): TransactionSerializableEIP1559[] {
  return Array.from({ length: count }, (_, nonce) => ({
    type: "eip1559",
    chainId: 11155111,
    nonce,
    to: "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984",
    data: encodeFunctionData({
      abi: ISSUER_ABI,
      functionName: "mint",
      args: [privateKeyToAccount(generatePrivateKey()).address, BigInt(100 + nonce) * 10n ** 16n],
    }),
    gas: 80_000n,
    maxFeePerGas: 3_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  }));
}

/** Each transaction signed once, timed alone (µs). */
async function signAll(signer: IssuerSigner, transactions: TransactionSerializableEIP1559[]): Promise<number[]> {
  const account = signerAccount(signer);
  const times: number[] = [];
  for (const transaction of transactions) {
    const started = performance.now();
    await account.signTransaction(transaction);
    times.push((performance.now() - started) * 1000);
  }
  return times;
}

async function timeEach<T>(items: T[], step: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await step(item);
    times.push((performance.now() - started) * 1000);
  }
  return times.sort((a, b) => a - b);
}

export async function runP10Signing(): Promise<SigningFigures | { skipped: string }> {
  const missing = await softhsmMissing();
  if (missing) {
    console.log(`\nP10 signing: skipped, ${missing}`);
    return { skipped: missing };
  }
  console.log(
    `\nP10 signing: ${MINTS} mint transactions per round, local key vs PKCS#11 on SoftHSM2, ${ROUNDS} rounds`,
  );
  const hsm = softhsmDir();
  const settings = { library: SOFTHSM_LIBRARY, tokenLabel: TOKEN, keyLabel: KEY_LABEL, pin: PIN };
  let pkcs11: IssuerSigner | undefined;
  try {
    initToken(TOKEN);
    // The same key in both, so both sign as one issuer (a real token's key is generated there: `npm run hsm:keygen`).
    const privateKey = generatePrivateKey();
    const account = privateKeyToAccount(privateKey);
    await importKey(TOKEN, KEY_LABEL, privateKey, account.publicKey, { extractable: false });
    const local = localSigner(privateKey);
    pkcs11 = await openPkcs11Signer(settings);
    if (pkcs11.address !== local.address) throw new Error("the token's key is not the local key");
    const transactions = mintTransactions(MINTS);

    // Warm-up, and proof that both sign transactions the chain would take from the issuer.
    for (const signer of [local, pkcs11]) {
      const signed = signerAccount(signer);
      for (const transaction of transactions.slice(0, 20)) {
        const raw = await signed.signTransaction(transaction);
        const from = await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` });
        if (from !== local.address) throw new Error(`a ${signer.kind} signature recovers to ${from}`);
      }
    }
    const samples: Record<"local" | "pkcs11", number[][]> = { local: [], pkcs11: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [local, pkcs11] : [pkcs11, local];
      for (const signer of order) {
        const times = await signAll(signer, transactions);
        samples[signer.kind as "local" | "pkcs11"].push(times);
        const p50 = percentile(
          [...times].sort((a, b) => a - b),
          0.5,
        );
        console.log(`  round ${round + 1}/${ROUNDS}  ${signer.kind.padEnd(6)}  p50 ${p50.toFixed(0)} µs per mint`);
      }
    }

    // Where the PKCS#11 signature's time goes: the token's ECDSA alone, then the recovery id.
    const token = await openToken(settings);
    const hashes = transactions.map((t) => keccak256(serializeTransaction(t)));
    const raws: { rs: Buffer; hash: Hex }[] = [];
    let tokenTimes: number[];
    try {
      const [key] = findObjects(token, [
        { type: CK.CKA_CLASS, value: CK.CKO_PRIVATE_KEY },
        { type: CK.CKA_LABEL, value: KEY_LABEL },
      ]);
      if (!key) throw new Error("the token's key is gone");
      tokenTimes = await timeEach(hashes, async (hash) => {
        token.pkcs11.C_SignInit(token.session, { mechanism: CK.CKM_ECDSA }, key);
        const rs = await token.pkcs11.C_SignAsync(token.session, Buffer.from(hash.slice(2), "hex"), Buffer.alloc(72));
        raws.push({ rs, hash });
      });
    } finally {
      token.close();
    }
    const recoveryTimes = await timeEach(raws, ({ rs, hash }) => ethereumSignature(rs, hash, local.address));

    const all = (kind: "local" | "pkcs11") => samples[kind].flat().sort((a, b) => a - b);
    const p50 = (kind: "local" | "pkcs11") =>
      median(
        samples[kind].map((times) =>
          percentile(
            [...times].sort((a, b) => a - b),
            0.5,
          ),
        ),
      );
    const figures: SigningFigures = {
      mints: MINTS,
      localP50Us: p50("local"),
      pkcs11P50Us: p50("pkcs11"),
      localP99Us: percentile(all("local"), 0.99),
      pkcs11P99Us: percentile(all("pkcs11"), 0.99),
      ratio: p50("pkcs11") / p50("local"),
      tokenSignP50Us: percentile(tokenTimes, 0.5),
      recoveryP50Us: percentile(recoveryTimes, 0.5),
    };
    const us = (n: number) => n.toFixed(0);
    printTable(
      ["signing one mint", "p50 µs", "p99 µs", "signatures/s (1 ÷ p50)"],
      [
        [
          "local key (viem, in this process)",
          us(figures.localP50Us),
          us(figures.localP99Us),
          us(1e6 / figures.localP50Us),
        ],
        ["PKCS#11 on SoftHSM2", us(figures.pkcs11P50Us), us(figures.pkcs11P99Us), us(1e6 / figures.pkcs11P50Us)],
        ["  of which the token's CKM_ECDSA", us(figures.tokenSignP50Us), us(percentile(tokenTimes, 0.99)), ""],
        ["  of which the recovery id", us(figures.recoveryP50Us), us(percentile(recoveryTimes, 0.99)), ""],
      ],
    );
    console.log(`\nP10 signing: PKCS#11 ÷ local key = ${figures.ratio.toFixed(2)} per mint (no target; the figure)`);
    return figures;
  } finally {
    pkcs11?.close();
    hsm.remove();
  }
}
