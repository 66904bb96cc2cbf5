import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a second build (a benchmark, a parallel check) sit beside the main one.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
