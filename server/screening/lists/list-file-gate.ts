import { AppError } from "../../errors.ts";
import { BankFileGate, type GateWords } from "../../bank/iso20022/bank-file-gate.ts";

/*
 * Every sanctions list file passes the door bank files pass (server/bank/iso20022/bank-file-gate.ts) before a
 * parser sees it: UTF-8 only, no DOCTYPE (so no entity of any kind, billion laughs included), no NUL, nesting no
 * deeper than the lists go. Only the words and the depth differ. The deepest official list is the UK Sanctions List,
 * seven levels (Designations/Designation/IndividualDetails/Individual/BirthDetails/Location/TownOfBirth); the EU, UN
 * and OFAC files go four or five. Sixteen leaves room for the publishers' next versions and refuses the rest before
 * saxes spends anything on them.
 */

export const MAX_LIST_DEPTH = 16;

/** The largest file taken: the full lists are 2 MB (UN) to about 30 MB (OFAC SDN, EU); eight times the largest. */
export const MAX_LIST_FILE_BYTES = 256 * 1024 * 1024;

/** The longest text or attribute value kept: the longest in the lists (a statement of reasons) is a few kB. */
export const MAX_LIST_VALUE_CHARS = 256 * 1024;

export const LIST_FILE_WORDS: GateWords = {
  refused: "The sanctions list file was refused",
  utf8Because: "the EU, UN, OFAC and UK lists are",
  carriers: "sanctions lists",
  maxDepth: MAX_LIST_DEPTH,
  deepest: "no sanctions list Tokenrail reads goes deeper than 7",
};

/** A refusal of a list file, with the reason on `file` as every gate refusal has it. */
export function listRefusal(reason: string): AppError {
  return new AppError("VALIDATION", `${LIST_FILE_WORDS.refused}: file ${reason}`, { file: reason });
}

/** A list file as it comes: whole, or chunk by chunk from a stream (an upload, a download, a file on disk). */
export type ListBytes = Uint8Array | AsyncIterable<Uint8Array>;

const CHUNK = 64 * 1024;

async function* chunksOf(input: ListBytes): AsyncGenerator<Uint8Array> {
  if (!(input instanceof Uint8Array)) {
    yield* input;
    return;
  }
  for (let at = 0; at < input.byteLength; at += CHUNK) yield input.subarray(at, at + CHUNK);
}

function tooLarge(): AppError {
  const reason = `must be at most ${MAX_LIST_FILE_BYTES} bytes`;
  return new AppError("PAYLOAD_TOO_LARGE", `${LIST_FILE_WORDS.refused}: file ${reason}`, { file: reason });
}

/** The file's text, chunk by chunk, each chunk judged by the gate before it is handed on; throws the refusal. */
export async function* listText(input: ListBytes): AsyncGenerator<string> {
  const gate = new BankFileGate({ words: LIST_FILE_WORDS });
  let read = 0;
  for await (const chunk of chunksOf(input)) {
    read += chunk.byteLength;
    if (read > MAX_LIST_FILE_BYTES) throw tooLarge();
    const text = gate.write(chunk);
    if (text !== "") yield text;
  }
  const rest = gate.end();
  if (rest !== "") yield rest;
}
