import { readFile } from 'node:fs/promises';
import os from 'node:os';

/** Who holds a lock: enough to tell, on the same host, whether that process still runs. */
export interface Holder {
  pid: number;
  host: string;
  /** The process's start time as the kernel reports it (Linux), so a reused pid is told apart. */
  start: string | null;
}

/** Field 22 of /proc/<pid>/stat (start time since boot); null where there is no /proc. */
export async function processStart(pid: number): Promise<string | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the holder is certainly gone: it ran on this host and no process with its pid runs,
 * or the process with that pid started at another time (the pid was reused, e.g. after a
 * container restart). A holder on another host cannot be checked from here.
 */
export async function holderIsGone(holder: Holder): Promise<boolean> {
  if (holder.host !== os.hostname() || !Number.isInteger(holder.pid)) return false;
  if (!running(holder.pid)) return true;
  if (holder.start === null) return false;
  const now = await processStart(holder.pid);
  return now !== null && now !== holder.start;
}
