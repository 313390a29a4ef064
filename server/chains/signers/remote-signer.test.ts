import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { keccak256, recoverAddress, toHex, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, sign } from "viem/accounts";
import { ConfigError, loadConfig } from "../../config.ts";
import { mulberry32 } from "../../testing/seeded-random.ts";
import { closeIssuerSigner, issuerSigner, openIssuerSigner } from "./open-issuer-signer.ts";

// The remote signer against a stand-in KMS: it holds a key, checks the bearer token and answers r‖s, with s in the
// upper half for every other request (as a KMS that does not know Ethereum's rule may), so normalising is exercised.

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const KEY = generatePrivateKey();
const ADDRESS = privateKeyToAccount(KEY).address;
const TOKEN = "kms-bearer-token-0123456789";
let server: http.Server;
let url: string;
let requests = 0;

before(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return res.writeHead(401).end();
      const { hash } = JSON.parse(body) as { hash: Hex };
      void sign({ hash, privateKey: KEY }).then(({ r, s }) => {
        const high = requests++ % 2 === 1 ? toHex(N - BigInt(s), { size: 32 }) : s;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ signature: `${r}${high.slice(2)}` }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sign`;
});
after(() => {
  closeIssuerSigner();
  server.close();
});

const remote = (env: Record<string, string> = {}) =>
  loadConfig({
    TOKENRAIL_DATA_DIR: ".data",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_RPC_SEPOLIA: "http://127.0.0.1:1",
    TOKENRAIL_ISSUER_SIGNER: "remote",
    TOKENRAIL_REMOTE_SIGNER_URL: url,
    TOKENRAIL_REMOTE_SIGNER_ADDRESS: ADDRESS,
    TOKENRAIL_REMOTE_SIGNER_TOKEN: TOKEN,
    ...env,
  });

describe("C68 the issuer key behind a remote signer", () => {
  it("C68 signs any hash as the configured address, with s brought to the lower half", async () => {
    const config = remote();
    await openIssuerSigner(config);
    assert.ok(config.chainGateway.kind === "evm");
    const signer = issuerSigner(config.chainGateway.signer);
    assert.equal(signer.kind, "remote");
    const random = mulberry32(681);
    for (let i = 0; i < 12; i++) {
      const hash = keccak256(toHex(`${i}:${random()}`));
      const signature = await signer.signHash(hash);
      assert.ok(BigInt(signature.s) <= N / 2n);
      assert.equal(await recoverAddress({ hash, signature }), ADDRESS);
    }
    closeIssuerSigner();
  });

  const refusals: [string, () => Record<string, string>, RegExp][] = [
    ["a refused token", () => ({ TOKENRAIL_REMOTE_SIGNER_TOKEN: "wrong" }), /the signer answered 401/],
    [
      "a key that is not the configured address",
      () => ({ TOKENRAIL_REMOTE_SIGNER_ADDRESS: privateKeyToAccount(generatePrivateKey()).address }),
      /does not recover to the issuer's address/,
    ],
    ["an unreachable signer", () => ({ TOKENRAIL_REMOTE_SIGNER_URL: "http://127.0.0.1:1/sign" }), /cannot be reached/],
  ];
  for (const [title, env, problem] of refusals) {
    it(`C68 refuses to start with ${title}`, async () => {
      await assert.rejects(
        () => openIssuerSigner(remote(env())),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.length === 1 &&
          /^TOKENRAIL_REMOTE_SIGNER_URL: http:\/\/127\.0\.0\.1:\d+: /.test(error.problems[0] ?? "") &&
          problem.test(error.message),
      );
      closeIssuerSigner();
    });
  }

  it("C68 production reaches its signer over https only", () => {
    assert.throws(
      () =>
        loadConfig({
          TOKENRAIL_DATA_DIR: ".data",
          TOKENRAIL_ENV: "production",
          TOKENRAIL_CHAIN_GATEWAY: "evm",
          TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
          TOKENRAIL_ISSUER_SIGNER: "remote",
          TOKENRAIL_REMOTE_SIGNER_URL: url,
          TOKENRAIL_REMOTE_SIGNER_ADDRESS: ADDRESS,
          TOKENRAIL_REMOTE_SIGNER_TOKEN: TOKEN,
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.includes("TOKENRAIL_REMOTE_SIGNER_URL: production reaches its signer over https://"),
    );
  });
});
