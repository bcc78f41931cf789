// Creates a new PGlite data directory (initdb) in a process of its own. PGlite's first start in an empty
// directory leaves about 450 MB behind in the process that ran it (the initdb run's WebAssembly memory
// and code), which a long-lived server would carry for good; a process that exits gives all of it back.
// Usage: node pglite-initdb.js <dataDir>
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: pglite-initdb <dataDir>');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
await db.close();
