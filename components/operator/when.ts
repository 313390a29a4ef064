/** A moment as the operator reads it: UTC, to the minute (the same on the server and in every browser). */
export function when(at: Date | string): string {
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
