import { testDatabaseUrl } from './test-database';

// Every suite talks to the real PostgreSQL and Redis of the machine.
process.env.DATABASE_URL = testDatabaseUrl();
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
// Request logs would drown the test output; errors still show.
process.env.LOG_LEVEL ??= 'error';
process.env.SECRETS_ENCRYPTION_KEY ??= '8f1c3b0e6a5d4c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b';
