import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where a stretch of a benchmark's CPU time went, by process, read from Linux's
 * /proc/{pid}/stat (user and system time of each process): which of the servers, the
 * database and the load generators a goal's budget went to. Empty where there is no /proc.
 */
export type CpuSnapshot = Map<number, { command: string; ticks: number }>;

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

export function snapshotCpu(): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return snapshot;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields start after its last ')'.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command.
      snapshot.set(Number(entry), {
        command,
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return snapshot;
}

/**
 * CPU milliseconds between two snapshots, per group: `groupOf` names a process's group (by
 * pid and command), or undefined for "other".
 */
export function cpuBetween(
  before: CpuSnapshot,
  after: CpuSnapshot,
  groupOf: (pid: number, command: string) => string | undefined,
): Map<string, number> {
  const groups = new Map<string, number>();
  for (const [pid, { command, ticks }] of after) {
    const used = ticks - (before.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const group = groupOf(pid, command) ?? 'other';
    groups.set(group, (groups.get(group) ?? 0) + (used * 1000) / ticksPerSecond);
  }
  return groups;
}

/** "servers 930 ms, database 360 ms, …", largest first. */
export function describeCpu(groups: Map<string, number>): string {
  return [...groups]
    .sort(([, a], [, b]) => b - a)
    .map(([group, ms]) => `${group} ${Math.round(ms)} ms`)
    .join(', ');
}
