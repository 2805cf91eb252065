/*
 * The CE tracker's private storage as a person reads it (issue 37, docs/decisions/0932): the
 * allowance counts bytes in MiB, as the 10 MB file limit does.
 */

const KB = 1024;
const MB = 1024 * KB;

/** 10485760 → '10 MB', 1572864 → '1.5 MB', 2048 → '2 KB', 0 → '0 KB'. */
export function storageSize(bytes: number): string {
  if (bytes < MB) return `${Math.ceil(bytes / KB)} KB`;
  return `${Math.round((bytes / MB) * 10) / 10} MB`;
}
