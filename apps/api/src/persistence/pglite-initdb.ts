// Creates a new PGlite data directory (initdb) in a process of its own. PGlite's first start in an empty
// directory leaves about 450 MB behind in the process that ran it (the initdb run's WebAssembly memory
// and code), which a long-lived server would carry for good; a process that exits gives all of it back.
// With an image file, it also writes the new directory as a tarball (PGlite's dumpDataDir), which an
// in-memory database loads instead of running initdb again.
// Usage: node pglite-initdb.js <dataDir> [<imageFile>]
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const [dataDir, imageFile] = process.argv.slice(2);
if (!dataDir) {
  console.error('usage: pglite-initdb <dataDir> [<imageFile>]');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
if (imageFile) writeFileSync(imageFile, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
await db.close();
