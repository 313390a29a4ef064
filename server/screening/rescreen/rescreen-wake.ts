/**
 * Wakes this process's re-screening job, if it runs one, when a list version is committed here; other instances
 * find the work at their next poll. On globalThis: the routes and the jobs are bundled apart.
 */
const holder = globalThis as typeof globalThis & { __tokenrailRescreenWake?: () => void };

export function wakeRescreens(): void {
  holder.__tokenrailRescreenWake?.();
}

export function onRescreenWake(wake: (() => void) | undefined): void {
  holder.__tokenrailRescreenWake = wake;
}
