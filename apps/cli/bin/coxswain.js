#!/usr/bin/env node
// The `coxswain` command as npm links it: runs the build in ../dist, or says how to make one.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write('coxswain: the CLI is not built (apps/cli/dist is missing): run `npm run build` in the repository, or `npx nx run @coxswain/cli:build`\n');
  process.exit(1);
}
await import(main.href);
