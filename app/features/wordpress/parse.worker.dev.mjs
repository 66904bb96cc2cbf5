// The WordPress export reader where the build has not compiled it (development, Vitest, the
// command line): the TypeScript task loaded through tsx. The production build bundles the task as
// build/server/wxr-worker.js.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./parse.worker.ts", import.meta.url);
export default worker.default;
