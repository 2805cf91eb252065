import { runOnObjectStorage } from '../../../test/object-storage.ts';

// The same tests with the waiting and saved files in an S3-compatible bucket (s3rver; issue 39).
runOnObjectStorage();
await import('./tracker.import.test.ts');
