// Minimal types of the part of @20minutes/s3rver (no bundled types) that tests/setup/s3-server.ts uses.
declare module "@20minutes/s3rver" {
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
    allowMismatchedSignatures?: boolean;
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
