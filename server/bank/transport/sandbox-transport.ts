import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { receivePaymentFile } from "../sandbox/sandbox-bank.ts";
import type { ArchiveOutcome, BankTransport, InboxFile } from "./bank-transport.ts";

/**
 * The sandbox bank's transport: its inbox is always empty (the sandbox bank imports what it sends itself, through
 * the same importer), and delivering a payment file hands it to the sandbox bank, which answers at once.
 * Idempotent like the others: the sandbox bank's answers to the same file are the same files.
 */
export class SandboxTransport implements BankTransport {
  readonly kind = "sandbox";

  constructor(private readonly config: Config) {}

  list(): Promise<InboxFile[]> {
    return Promise.resolve([]);
  }

  fetch(name: string): Promise<{ size: number }> {
    return Promise.reject(new AppError("NOT_FOUND", `The bank file ${name} is no longer in the inbox`));
  }

  archive(name: string, outcome: ArchiveOutcome): Promise<void> {
    void name;
    void outcome;
    return Promise.resolve();
  }

  async deliver(file: { name: string; content: Uint8Array }): Promise<void> {
    await receivePaymentFile({ content: file.content, name: file.name, config: this.config });
  }
}
