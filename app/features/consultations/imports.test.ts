/**
 * The booking area's layout (docs/architecture.md, "The booking area"): no module of
 * app/features/consultations reaches itself again through its imports, and its sub-areas
 * (core, mail, engineers, availability, bookings, types, wizard, and any added later) import one
 * another one way only. Imports are read and resolved by the TypeScript compiler with the project's
 * tsconfig.json (the `~/` alias included); type-only imports count, tests are left out (nothing
 * imports a test).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const AREA = fileURLToPath(new URL(".", import.meta.url));
const ROOT = path.resolve(AREA, "../../..");

/** The area's modules (tests left out), as absolute paths. */
function areaModules(): string[] {
  return readdirSync(AREA, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(AREA, f));
}

/** Each module's imports that land in the area: module -> modules it imports. */
function importGraph(modules: string[]): Map<string, string[]> {
  const config = ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const inArea = new Set(modules);
  return new Map(
    modules.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map((i) => ts.resolveModuleName(i.fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
        .filter((t): t is string => t !== undefined && inArea.has(path.resolve(t)))
        .map((t) => path.resolve(t));
      return [file, [...new Set(targets)]];
    }),
  );
}

/**
 * The cycles of a directed graph (node -> nodes it points to), each as the path that closes it
 * (first node repeated at the end); empty when there is none. One cycle is reported per back edge
 * a depth-first walk meets.
 */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The sub-area of a module: its first folder under the area ("." for a file at the top). */
function subArea(file: string): string {
  const parts = path.relative(AREA, file).split(path.sep);
  return parts.length > 1 ? parts[0] : ".";
}

describe("the booking area's imports", () => {
  const graph = importGraph(areaModules());
  const show = (cycles: string[][]) => cycles.map((c) => c.map((f) => path.relative(AREA, f)).join(" -> "));

  it("finds a cycle where there is one", () => {
    expect(findCycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]))).toEqual([["a", "b", "c", "a"]]);
    expect(findCycles(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]))).toEqual([]);
  });

  it("reads the area's imports", () => {
    const edges = [...graph.values()].reduce((n, targets) => n + targets.length, 0);
    expect(edges).toBeGreaterThan(100);
  });

  it("has no import cycle between modules", () => {
    expect(show(findCycles(graph))).toEqual([]);
  });

  it("has no import cycle between sub-areas", () => {
    const areas = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = subArea(file);
      const to = areas.get(from) ?? new Set<string>();
      for (const t of targets) if (subArea(t) !== from) to.add(subArea(t));
      areas.set(from, to);
    }
    const cycles = findCycles(new Map([...areas].map(([a, to]) => [a, [...to]])));
    expect(cycles.map((c) => c.join(" -> "))).toEqual([]);
  });
});
