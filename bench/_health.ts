import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
const app = await buildApp(loadConfig({ ...process.env, DATABASE_URL: process.env.DB ?? 'memory://', DATA_DIR: '/tmp/req/h', JWT_SECRET: 'x'.repeat(48), LOG_LEVEL: 'info', NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:3103' }));
await app.ready();
const bare = Fastify();
bare.get('/bare', async () => ({ hello: 'world' }));
await bare.ready();
const { sql } = await import('drizzle-orm');
const N = 3000;
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 300; i++) await f();
  const c = process.cpuUsage();
  for (let i = 0; i < N; i++) await f();
  const u = process.cpuUsage(c);
  console.log(name, ((u.user + u.system) / N / 1000).toFixed(3), 'ms CPU');
}
for (let r = 0; r < 2; r++) {
await time('bare inject', () => bare.inject('/bare'));
await time('health inject', () => app.inject('/api/health'));
await time('select 1 alone', () => app.database.db.execute(sql`select 1`));
}
await app.close();
