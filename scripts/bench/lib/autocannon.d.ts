// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests per second across all connections (a fixed rate instead of as fast as it can). */
    overallRate?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
