import { createServer, type Server } from 'node:http';
import type { MetricsService } from './metrics.service';

/**
 * A worker-only process (ROLE=worker) serves no API, yet its generation and
 * webhook counters live in its own memory: this tiny listener lets Prometheus
 * scrape them. Nothing else is served, so it needs no framework.
 */
export async function startWorkerMetricsServer(metrics: MetricsService, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/health/live') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (path !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
