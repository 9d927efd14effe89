import { readFileSync } from 'node:fs';

/**
 * CPU time from Linux's /proc: what a process (a server child, a PostgreSQL backend) has used so far, and how
 * busy the whole machine has been; and the memory a process holds. Elsewhere (no /proc, a process that is gone)
 * the readings are null and the bench reports no figure.
 */

/** USER_HZ: the unit of /proc's CPU times, 100 on every Linux the bench runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU time a process has used, in seconds (/proc/<pid>/stat, fields 14 and 15). */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces; the fields after it start at field 3.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** CPU seconds the machine has spent busy (every state but idle and iowait) and in all, over all its cores. */
export function machineCpuSeconds(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu user nice system idle iowait irq softirq steal (guest time is already counted in user)
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = ticks[3]! + ticks[4]!;
    return { busy: (total - idle) / CLOCK_TICKS_PER_SECOND, total: total / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The memory a process holds resident (/proc/<pid>/status, VmRSS), in MiB. */
export function processRssMiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
