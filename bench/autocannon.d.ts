/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    readonly average: number;
    readonly p50: number;
    readonly p99: number;
  }
  export interface Result {
    readonly requests: Histogram;
    readonly latency: Histogram;
    readonly errors: number;
    readonly timeouts: number;
    readonly non2xx: number;
  }
  export interface Options {
    readonly url: string;
    readonly connections?: number;
    readonly duration?: number;
    /** Seconds before a request counts as timed out (default 10). */
    readonly timeout?: number;
    readonly headers?: Record<string, string>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
