// Types of scripts/doc-commands.mjs, for apps/cli/test/docs-commands.e2e.test.ts.
export interface ShellBlock { id: string; page: string; heading: string; line: number; text: string }
export function documentedPages(root: string): string[];
export function shellBlocks(root: string): ShellBlock[];
export function codeBlocks(root: string, languages: ReadonlySet<string>): ShellBlock[];
