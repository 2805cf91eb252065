import { afterAll, expect } from 'vitest';
import { useObjectStorage } from './build-test-app.ts';

/**
 * Runs a feature's test file again with its files in an S3-compatible bucket (s3rver on
 * loopback, issue 39): its `*.s3.test.ts` twin calls this, then imports the feature's test file.
 * Afterwards it checks the apps really used the bucket and wrote nothing to MEDIA_DIR.
 */
export function runOnObjectStorage() {
  const used = useObjectStorage();
  // Registered before the feature's own hooks, so it runs after its apps have closed.
  afterAll(() => {
    expect(used.length).toBeGreaterThan(0);
    expect(used.some((use) => use.objects > 0)).toBe(true);
    expect(used.filter((use) => use.onDisk)).toEqual([]);
  });
}
