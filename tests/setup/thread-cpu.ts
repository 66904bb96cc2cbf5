import { readFileSync } from "node:fs";

/**
 * The calling thread's processor time so far, in ms (Linux: utime + stime of
 * `/proc/thread-self/stat`, counted in clock ticks of 10 ms). Unlike the wall time between a
 * timer's ticks, a loaded machine does not inflate it with time the thread spent waiting for a core.
 */
export function threadCpuMs(): number {
  const fields = readFileSync("/proc/thread-self/stat", "utf8").split(")").pop()!.trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
