// The calendar worker where the build has not compiled it (development, Vitest): the TypeScript
// tasks loaded through tsx. The production build bundles the task as build/server/ics-worker.js.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./ics-worker.ts", import.meta.url);
export default worker.default;
export const readEvent = worker.readEvent;
