/**
 * The baseline of bench:leads: a bare Fastify endpoint doing one INSERT, nothing else. On PostgreSQL
 * (DATABASE_URL) through a pool of 10, like the product's; otherwise on an embedded PGlite in
 * PGLITE_DIR, a single connection like the product's embedded mode.
 */
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const CREATE = `create table if not exists bare_leads (id bigint generated always as identity primary key, name text, email text, phone text, message text, created_at timestamptz default now())`;
const INSERT = 'insert into bare_leads (name, email, phone, message) values ($1, $2, $3, $4) returning id';

let insert: (values: string[]) => Promise<unknown>;
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query(CREATE);
  insert = async (values) => (await pool.query({ name: 'bare-insert', text: INSERT, values })).rows[0].id;
} else {
  const db = await PGlite.create({ dataDir: process.env.PGLITE_DIR });
  await db.query(CREATE);
  insert = async (values) => (await db.query<{ id: number }>(INSERT, values)).rows[0]!.id;
}
const app = Fastify({ logger: false });
app.post('/leads', async (request, reply) => {
  const b = request.body as { name: string; email: string; phone: string; message: string };
  const id = await insert([b.name, b.email, b.phone, b.message]);
  return reply.status(201).send({ data: { id: String(id) } });
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
