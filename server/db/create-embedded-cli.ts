/**
 * Creates the embedded database in a process of its own (decision 019): initdb, migrations and
 * the demo seed grow PGlite's WebAssembly memory to several hundred MB, which a process never
 * returns; done here, that memory leaves with this process and the server opens a finished
 * database. Run by `createEmbeddedDatabase` below with IPC; answers `{ seeded }` and exits.
 *   node build/node/create-embedded.js <DATA_DIR>
 */
import { migrateDatabase, openDatabase } from './client';
import { seedDemoCatalogue } from './seed';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: create-embedded <DATA_DIR>');
  process.exit(2);
}
// The server holds the DATA_DIR lock for this process: if it dies, stop too (at the next turn
// of the event loop; initdb itself cannot be interrupted). The folder is this creation's own.
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  const seeded = await seedDemoCatalogue(database.db);
  process.send?.({ seeded: seeded.inserted });
} finally {
  await database.close();
  // A listened-to IPC channel keeps this process alive: let go of it to exit.
  process.off('disconnect', orphaned);
  process.disconnect?.();
}
