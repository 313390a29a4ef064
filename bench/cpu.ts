import fs from "node:fs";

/*
 * CPU time of processes on this machine, read from /proc: where a benchmark's time goes, per component, when the
 * figures of a run need explaining (P7). Linux only; elsewhere every figure is 0.
 */

const TICKS_PER_SECOND = 100;

function stat(pid: number): string[] | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields start after the last ")".
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function allPids(): number[] {
  try {
    return fs
      .readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** `root` and every process below it. */
export function processTree(root: number | undefined): number[] {
  if (root === undefined) return [];
  const children = new Map<number, number[]>();
  for (const pid of allPids()) {
    const parent = Number(stat(pid)?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Every process whose command is `name` (`postgres`: the server and all its backends). */
export function processesNamed(name: string): number[] {
  return allPids().filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === name;
    } catch {
      return false;
    }
  });
}

/**
 * User plus system CPU milliseconds the processes have used so far, with that of their children that have ended
 * (the server's bank import process, PostgreSQL's backends): a child's time moves to its parent once it ends, so the
 * figure never goes back.
 */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = stat(pid);
    // utime, stime, cutime and cstime are fields 14 to 17 of /proc/PID/stat; `fields` starts at field 3.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
