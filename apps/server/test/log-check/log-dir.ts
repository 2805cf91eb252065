/**
 * Where the server tests of one run write every app's log (info level, as the real server logs)
 * and the secrets they issued; set by global-setup.ts, read by build-test-app.ts.
 */
export const LOG_DIR_ENV = 'OPENCE_TEST_LOG_DIR';
