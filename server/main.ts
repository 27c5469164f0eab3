import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/index';
import { ensureFirstAdmin, seedDemo } from './db/seed';

/** Start-up: config -> database -> migrations -> first admin / demo data -> HTTP. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Start abgebrochen: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);

  const wasEmpty = !(await handle.db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  if (config.adminEmail && config.adminPassword) {
    if (await ensureFirstAdmin(handle.db, config.adminEmail, config.adminPassword)) {
      console.log(`Erster Administrator angelegt: ${config.adminEmail}`);
    }
  }
  if (config.seedDemo && wasEmpty) {
    const logins = await seedDemo(handle.db, { withAdmin: !config.adminEmail });
    console.log('\nDemodaten geladen. Anmeldungen:');
    for (const l of logins) {
      console.log(`  ${l.role.padEnd(18)} ${l.email.padEnd(30)} Passwort: ${l.password}${l.qr_token ? `   QR: ${l.qr_token}` : ''}`);
    }
    console.log('');
  }

  const app = await buildApp({ config, db: handle.db });
  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  console.log(`Lagerwerk läuft auf http://localhost:${config.port}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
