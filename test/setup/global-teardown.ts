export default async function globalTeardown(): Promise<void> {
  // The test database is kept for inspection after a run; global setup recreates it.
}
