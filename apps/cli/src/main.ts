#!/usr/bin/env node
// The coxswain command. Everything a user can get wrong ends as words and an exit code (cli/run.ts);
// even a failure nothing foresaw prints its message, never a stack.
import { run } from './cli/run.js';
import type { Io } from './cli/session.js';

function write(stream: NodeJS.WriteStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}

const io: Io = {
  out: (text) => write(process.stdout, text),
  err: (text) => write(process.stderr, text),
  env: process.env,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

const unexpected = (err: unknown) => {
  process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
};
process.on('uncaughtException', unexpected);
process.on('unhandledRejection', unexpected);
// `coxswain get clonesets | head -1`: a closed pipe ends the command quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  unexpected(err);
});

const code = await run(process.argv.slice(2), io);
// Exit once stdout is flushed: sockets the HTTP client keeps alive must not hold the process.
process.stdout.write('', () => process.exit(code));
