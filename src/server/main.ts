import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './demo/seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
const demo = config.demo ?? (database.kind === 'pglite' && database.created);
if (demo && (await isDatabaseEmpty(database.db))) {
  await seedDemo(database.db, config);
  console.log('Demo dataset loaded.');
}
const app = await buildApp({ config, database, logger: true });
await app.listen({ port: config.port, host: config.host });

console.log(`技能人才评价服务管理平台 on http://localhost:${config.port} (database: ${database.kind})`);
if (demo) {
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.username.padEnd(10)} ${account.role}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
