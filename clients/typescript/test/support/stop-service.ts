import { adminQuery, deleteRedisKeys } from './service-process';

/** Jest global teardown of the `service` project: stops the service and removes its database and Redis keys. */
export default async function stopService(): Promise<void> {
  const service = globalThis.scriptoriumServiceUnderTest;
  if (!service) return;
  globalThis.scriptoriumServiceUnderTest = undefined;
  const { child } = service;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    // The service finishes jobs in hand on SIGTERM; a hung one must not keep the run from ending.
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(forceKill);
  }
  await adminQuery(`DROP DATABASE IF EXISTS "${service.databaseName}" WITH (FORCE)`);
  await deleteRedisKeys(service.redisUrl, service.redisPrefix);
}
