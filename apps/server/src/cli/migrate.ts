import { createDatabase, databaseSchemaOf, migrateToLatest } from '../db/database.ts';
import { loadConfigOrExit } from '../server.ts';

/** `npm run db:migrate`: bring the configured database up to date without starting the site. */
const config = loadConfigOrExit();
const db = createDatabase(config.database);
try {
  const applied = await migrateToLatest(db, databaseSchemaOf(config));
  console.info(
    applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.',
  );
} finally {
  await db.destroy();
}
