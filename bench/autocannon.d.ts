// Minimal types of the part of autocannon (no bundled types) that bench/pages.ts uses.
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; amount?: number; headers?: Record<string, string> };
  /** `duration`: seconds the run took. */
  type Result = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; duration: number; statusCodeStats?: Record<string, { count: number }> };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
