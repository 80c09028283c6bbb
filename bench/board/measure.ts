import autocannon from 'autocannon';
import type { Pool } from 'pg';

export interface Figures {
  p50: number;
  p99: number;
  rps: number;
}

/** autocannon against the API: POST with a JSON body, bounded by time. */
export async function measureApi(
  url: string,
  token: string,
  body: object,
  connections: number,
  seconds: number,
): Promise<Figures> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'user-time-zone': 'America/New_York',
    },
    body: JSON.stringify(body),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`API run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

/** The same SQL straight through node-postgres, `connections` loops for `seconds`. */
export async function measureSql(
  pool: Pool,
  sql: string,
  params: unknown[],
  connections: number,
  seconds: number,
): Promise<Figures> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const start = performance.now();
        await pool.query(sql, params);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), rps: latencies.length / seconds };
}
