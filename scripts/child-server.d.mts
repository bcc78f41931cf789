// Types of child-server.mjs, for the TypeScript test supports that import it.
export interface ChildServerOptions {
  /** Names the server in errors ("the API"). */
  what: string;
  command: string;
  args: string[];
  cwd: string;
  /** Added to this process's environment. */
  env: Record<string, string>;
  /** Ready once this answers 2xx. */
  readyUrl: string;
  /** Without it, readiness is awaited until the caller's own timeout gives up. */
  timeoutMs?: number;
}

export interface ChildServer {
  log(): string;
  close(): Promise<void>;
}

export declare function startChildServer(options: ChildServerOptions): Promise<ChildServer>;

/** The built API (apps/api/dist/main.js below `root`) on a free loopback port, ready when /readyz answers; `env` goes after PORT and HOST. */
export declare function startBuiltApi(options: { root: string; env: Record<string, string>; timeoutMs?: number }): Promise<ChildServer & { url: string }>;
