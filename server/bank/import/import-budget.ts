import { AppError } from "../../errors.ts";

/*
 * Every import has a time limit (`TOKENRAIL_BANK_IMPORT_TIME_LIMIT`, C46): a file the reader chokes on, by a fault
 * of the reader's or a trick of the file's, must not hold the inbox, or an upload's answer, for longer. Past the
 * limit the import is ended and nothing of it is written: in the server's process, its reading and its transaction
 * ask the budget before each chunk of the file and each batch of entries, and before the commit; an import process
 * of its own is killed by the server at the limit (import-process.ts), its transaction dying with its connection.
 * The file is refused (`VALIDATION`, 400 to an upload; `refused/` in the inbox) with the reason.
 */

export function overTimeLimit(seconds: number): AppError {
  const reason = `was not read and imported within the import's time limit of ${seconds} s (TOKENRAIL_BANK_IMPORT_TIME_LIMIT); nothing of it was written`;
  return new AppError("VALIDATION", `The bank file was refused: file ${reason}`, { file: reason });
}

export class ImportBudget {
  /** `deadline` in milliseconds since the epoch: an import process is given the server's. */
  private constructor(
    private deadline: number,
    readonly seconds: number,
  ) {}

  /** A budget of `seconds` from now. */
  static of(seconds: number): ImportBudget {
    return new ImportBudget(Date.now() + seconds * 1000, seconds);
  }

  /** A budget ending at `deadline` (ms since the epoch), `seconds` long in all. */
  static until(deadline: number, seconds: number): ImportBudget {
    return new ImportBudget(deadline, seconds);
  }

  get deadlineMs(): number {
    return this.deadline;
  }

  /** Throws the refusal once the time is spent. */
  check(): void {
    if (Date.now() > this.deadline) throw overTimeLimit(this.seconds);
  }

  /** Time spent waiting for a turn (another import's transaction to end) is not counted. */
  excuse(waitedMs: number): void {
    this.deadline += Math.max(0, waitedMs);
  }
}
