// The slice of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    p50: number;
    p99: number;
    average: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    errors: number;
    timeouts?: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
