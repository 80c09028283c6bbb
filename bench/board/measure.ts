import autocannon from 'autocannon';
import type { Pool } from 'pg';

export interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** Percentiles from exact per-request times (autocannon's own histogram rounds to whole milliseconds). */
function figures(latencies: number[], seconds: number): Figures {
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: latencies.length / seconds };
}

/** A POST with a JSON body, or (no body) a GET; with a bearer token when one is given. */
export interface Call {
  url: string;
  token?: string;
  body?: object;
}

async function run(call: Call, connections: number, seconds: number) {
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: call.url,
    method: call.body ? 'POST' : 'GET',
    connections,
    duration: seconds,
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      'content-type': 'application/json',
      'user-time-zone': 'America/New_York',
    },
    body: call.body ? JSON.stringify(call.body) : undefined,
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (err: unknown, res) =>
      err ? reject(err instanceof Error ? err : new Error('autocannon failed')) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`API run had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return figures(latencies, seconds);
}

/** autocannon against the API, bounded by time, after a one-second warm-up. */
export async function measureApi(call: Call, connections: number, seconds: number): Promise<Figures> {
  await run(call, connections, 1);
  return run(call, connections, seconds);
}

/** The same SQL straight through node-postgres as a named statement, `connections` loops for `seconds`. */
export async function measureSql(
  pool: Pool,
  name: string,
  sql: string,
  params: unknown[],
  connections: number,
  seconds: number,
): Promise<Figures> {
  const loop = async (until: number, latencies: number[]) => {
    while (Date.now() < until) {
      const start = performance.now();
      await pool.query({ name, text: sql, values: params });
      latencies.push(performance.now() - start);
    }
  };
  const warm = Date.now() + 1000;
  await Promise.all(Array.from({ length: connections }, () => loop(warm, [])));
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, () => loop(until, latencies)));
  return figures(latencies, seconds);
}
