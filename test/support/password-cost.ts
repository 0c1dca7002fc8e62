/**
 * scrypt's cost of the password hashes a test server writes (ServerOptions.passwordCost), in the server tier
 * (test/server/helpers.ts) and the e2e tier (test/e2e/harness.ts), unless a test asks for another: the suite signs in
 * some thousand times, and at the production cost (16384: about 32 ms of CPU each) that was the server tier's largest
 * cost. A sign-in does the same at any cost; test/server/auth.test.ts proves the production cost is the default, and
 * sign-in-rush.test.ts keeps it for its queue of 200 sign-ins at once.
 */
export const TEST_PASSWORD_COST = 16;
