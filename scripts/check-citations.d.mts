// Types of check-citations.mjs, for the test that runs it (apps/api/test/citations.test.ts).
export interface CitationProblem {
  /** Repository-relative path, posix separators. */
  file: string;
  /** 1-based line of the citation. */
  line: number;
  message: string;
}
export declare const CODE_ROOTS: readonly string[];
export declare function listFiles(root: string): string[];
export declare function githubSlug(heading: string): string;
export declare function checkCitations(root: string): CitationProblem[];
export declare const SELF: ReadonlySet<string>;
