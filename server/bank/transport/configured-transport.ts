import type { Config } from "../../config.ts";
import type { BankTransport } from "./bank-transport.ts";
import { FolderTransport } from "./folder-transport.ts";
import { S3Transport } from "./s3-transport.ts";
import { SandboxTransport } from "./sandbox-transport.ts";

/** The transport the configuration names (`config.bank.transport`). */
export function bankTransport(config: Config): BankTransport {
  const transport = config.bank.transport;
  if (transport.kind === "sandbox") return new SandboxTransport(config);
  if (transport.kind === "folder") return new FolderTransport(transport);
  const storage = config.files.storage;
  // The settings refuse the s3 transport unless the files area is in a bucket.
  if (storage.kind !== "s3") throw new Error("The s3 bank transport needs TOKENRAIL_FILE_STORAGE=s3");
  return new S3Transport(storage, transport);
}
