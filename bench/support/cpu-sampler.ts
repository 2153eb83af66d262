// Where the CPU went during a phase of `npm run bench:scale-out` (decision 0084): the machine's busy time from
// /proc/stat, and each named group of processes' own from /proc/<pid>/stat, so that a throughput figure says which
// process was the ceiling on this 2-core machine.
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** utime + stime of a process, in ticks; 0 once it is gone. */
function readProcessTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** The pids whose command name is `name` (PostgreSQL's backends: 'postgres'). */
export function listPidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

function readMachineTicks(): { busy: number; total: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/**
 * Starts counting; `stop()` answers the machine's busy share and each group's share of all cores, in percent of
 * one core. Groups are read again at stop: a process started meanwhile counts from its start.
 */
export function startCpuSample(groups: Record<string, () => number[]>) {
  const machineBefore = readMachineTicks();
  const before = new Map<number, number>();
  for (const pids of Object.values(groups)) for (const pid of pids()) before.set(pid, readProcessTicks(pid));
  const startedAt = performance.now();
  return {
    stop(): { machineBusyPercent: number; cores: number; groups: Record<string, number> } {
      const seconds = (performance.now() - startedAt) / 1000;
      const machineAfter = readMachineTicks();
      const shares: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        let ticks = 0;
        for (const pid of pids()) ticks += readProcessTicks(pid) - (before.get(pid) ?? 0);
        shares[name] = (ticks / TICKS_PER_SECOND / seconds) * 100;
      }
      return {
        machineBusyPercent:
          ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * 100,
        cores: os.availableParallelism(),
        groups: shares,
      };
    },
  };
}
