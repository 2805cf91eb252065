import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from './paths.ts';

/** Where and when a run happened: results are only comparable within one machine and load. */
export type TMachine = {
  date: string;
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  commit: string;
  /** 1, 5 and 15-minute load averages when the run started: other work on the machine. */
  loadBefore: [number, number, number];
};

function commit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

export const loadAverage = (): [number, number, number] =>
  os.loadavg().map((n) => Math.round(n * 100) / 100) as [number, number, number];

export function describeMachine(): TMachine {
  return {
    date: new Date().toISOString(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    commit: commit(),
    loadBefore: loadAverage(),
  };
}
