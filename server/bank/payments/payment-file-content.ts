import { isSealed, openValue, sealAtRest } from "../../keys/sealed-value.ts";

/*
 * A payment file names every payee and their IBAN, so its bytes are kept sealed at rest (C70;
 * server/keys/sealed-value.ts) in `BankFile.content`: the sealed value of the file in base64, as JSON text. They are
 * opened where they leave: delivered to the bank, downloaded by an operator, checked, read by the sandbox bank. A
 * file kept before sealing began (its XML) is served as it is.
 */
export const PAYMENT_FILE_CONTENT = "BankFile.content";

const SEALED_PREFIX = Buffer.from('{"sealed":"v1.');

/** What `BankFile.content` keeps of a payment file's bytes. */
export function sealPaymentFile(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const sealed = sealAtRest(Buffer.from(bytes).toString("base64"), PAYMENT_FILE_CONTENT);
  return new Uint8Array(isSealed(sealed) ? Buffer.from(JSON.stringify(sealed)) : Buffer.from(bytes));
}

/** A payment file's bytes from what `BankFile.content` keeps. */
export function openPaymentFile(stored: Uint8Array): Uint8Array<ArrayBuffer> {
  const kept = Buffer.from(stored);
  if (!kept.subarray(0, SEALED_PREFIX.length).equals(SEALED_PREFIX)) return new Uint8Array(kept);
  return new Uint8Array(
    Buffer.from(openValue<string>(JSON.parse(kept.toString("utf8")), PAYMENT_FILE_CONTENT), "base64"),
  );
}
