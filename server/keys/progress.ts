/**
 * How a long pass over stored data reports how far it got (./key-work.ts records it for the console): the number of
 * items the pass will look at, then each item looked at, and each that could not be done.
 */
export interface Progress {
  setTotal(total: number): Promise<void>;
  advance(done: number, failed?: number): Promise<void>;
}
