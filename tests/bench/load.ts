// The benchmark's load generator, run in a child process of run.ts so that autocannon's own work (building requests,
// parsing replies, timing) does not share an event loop with the server it measures. Reads one job as JSON from
// argv, answers the figures through the IPC channel (process.send) and exits.
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** A different query on every request: `{n}` becomes 0…count-1 (six digits) in a scattered order. */
  vary?: { query: string; count: number };
}

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

const job = JSON.parse(process.argv[2]) as LoadJob;
let n = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.seconds,
  headers: job.headers,
  ...(job.vary
    ? {
        requests: [
          {
            setupRequest: (req) => {
              const { query, count } = job.vary!;
              const value = String((n++ * 7919) % count).padStart(6, '0');
              return { ...req, path: new URL(job.url).pathname + query.replace('{n}', value) };
            },
          },
        ],
      }
    : {}),
});
const reply: LoadResult = { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx + result.timeouts };
process.send!(reply, () => process.exit(0));
