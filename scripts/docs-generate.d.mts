// Types of scripts/docs-generate.mjs, for the tests that check the generated docs are current.
export const ROOT: string;
export interface EnvironmentVariable { name: string; default: string; meaning: string }
export function configTable(environment: readonly EnvironmentVariable[]): string;
export function replaceBlock(text: string, name: string, body: string): string;
export function configurationPage(current: string, environment: readonly EnvironmentVariable[], featureGatesTable: string): string;
export function graphqlReference(sdl: string): string;
export function cliReference<N extends { kind: 'group' | 'command'; name: string; hidden?: boolean; children?: readonly N[] }>(root: N, helpText: (path: readonly string[], node: N) => string): string;
export function printedSchema(root?: string): string;
export function generatedFiles(root?: string): Promise<Map<string, string>>;
