/** `"2026-11-23T16:02:41.123Z"` → `"2026-11-23 16:02 UTC"`: the same text on the server and in the browser. */
export function formatWhen(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
