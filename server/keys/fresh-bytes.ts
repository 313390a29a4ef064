import { randomFillSync } from "node:crypto";

/*
 * Random bytes for the keys and nonces of sealing (C70), drawn from the system's generator a page at a time. Sealing
 * one record takes three draws (its data key, the nonce that wraps it and the nonce that seals the value), an upload
 * four, each a call into the generator that costs more than the few bytes it returns (about 4 µs alone, several
 * times that on a busy server, where the KYC path made 16 of them per submission). A page serves some hundred
 * draws. Bytes handed out are copied and wiped from the page, which is never read twice: no two callers ever get the
 * same bytes, and the page keeps only what is still to be handed out.
 */

const PAGE_BYTES = 4096;
/** Draws larger than this go to the generator directly. */
const LARGEST = 64;

let page = Buffer.alloc(0);
let used = 0;

/** `size` fresh random bytes, from the generator (node:crypto's, a CSPRNG), in a Buffer of the caller's own. */
export function freshBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`cannot draw ${size} random bytes`);
  if (size > LARGEST) return randomFillSync(Buffer.alloc(size));
  if (used + size > page.length) {
    page = randomFillSync(Buffer.allocUnsafeSlow(PAGE_BYTES));
    used = 0;
  }
  const drawn = Buffer.from(page.subarray(used, used + size));
  page.fill(0, used, used + size);
  used += size;
  return drawn;
}
