// Types of check-exports.mjs, for the test that runs it (libs/workloads/test/architecture/public-surface.test.ts).
export interface ExportProblem {
  package: string;
  name: string;
  message: string;
}
export interface WorkspaceLibrary {
  name: string;
  dir: string;
  entries: { subpath: string; source: string }[];
}
export function workspaceLibraries(root?: string): WorkspaceLibrary[];
export function importedNames(root?: string): Map<string, Map<string, Set<string>>>;
export function exportedNames(entry: string, root?: string): string[];
export function exportedSurface(entry: string, root?: string): Map<string, Set<string>>;
export function checkExports(packages?: string[], root?: string): ExportProblem[];
