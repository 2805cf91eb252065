import { spawn } from 'node:child_process';

/*
 * A CPU-bound neighbour for bench:web --neighbour (issue 39, docs/decisions/1129): one process that
 * spins on one core for as long as the benchmark runs, as a second tenant of a small machine
 * does, so the five-run set shows whether the first screen holds its targets on a busy machine.
 */

/** Starts the busy loop; the returned function stops it (and the benchmark's exit does too). */
export function startNeighbour(): { pid: number; stop: () => void } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { pid: child.pid ?? 0, stop };
}
