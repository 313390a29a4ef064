// `npm run hsm:keygen`: generates the issuer key in the HSM's token named by the PKCS#11 settings
// (TOKENRAIL_PKCS11_LIBRARY, _TOKEN_LABEL, _KEY_LABEL, _PIN or _PIN_FILE) and prints its address, to which the
// token contracts' admin grants the issuer role (docs/security.md, "Keys").
import { z } from "zod";
import { ConfigError } from "../server/config.ts";
import { generateIssuerKey } from "../server/chains/signers/pkcs11-keygen.ts";
import { readSigner, signerVariables } from "../server/chains/signers/signer-settings.ts";

const problems: string[] = [];
const parsed = z.object(signerVariables).safeParse(process.env);
if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
const signer = parsed.success
  ? readSigner({ ...parsed.data, TOKENRAIL_ISSUER_SIGNER: "pkcs11" }, false, problems)
  : undefined;
try {
  if (!signer || signer.kind !== "pkcs11") throw new ConfigError(problems);
  const address = await generateIssuerKey(signer);
  process.stdout.write(`${address}\n`);
  process.stderr.write(
    `Generated the issuer key "${signer.keyLabel}" in the token "${signer.tokenLabel}". Grant ${address} the issuer role on every token contract.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
