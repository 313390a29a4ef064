export function mark(label: string): void {
  if (process.env.PROBE_MARKS) process.stdout.write(`@@MARK ${label} ${(performance.timeOrigin + performance.now()).toFixed(3)}\n`);
}
