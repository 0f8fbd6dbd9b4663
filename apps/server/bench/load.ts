import autocannon from 'autocannon';

export interface LoadResult {
  /** Mean of the per-second request counts. */
  reqPerSec: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
}

export const CONNECTIONS = 50;

/** One autocannon run on loopback; nothing is printed, the caller makes the table. */
export async function load(url: string, seconds: number, headers: Record<string, string> = {}, connections = CONNECTIONS): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    reqPerSec: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
