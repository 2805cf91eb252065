import { runOnObjectStorage } from '../../../test/object-storage.ts';

// The same tests with the files in an S3-compatible bucket (s3rver on loopback; issue 39).
runOnObjectStorage();
await import('./picture-copies.routes.test.ts');
