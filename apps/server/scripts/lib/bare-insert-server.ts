/** The baseline of bench:leads: a bare Fastify endpoint doing one INSERT, nothing else. */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  `create table if not exists bare_leads (id bigint generated always as identity primary key, name text, email text, phone text, message text, created_at timestamptz default now())`,
);
const app = Fastify({ logger: false });
app.post('/leads', async (request, reply) => {
  const b = request.body as { name: string; email: string; phone: string; message: string };
  const { rows } = await pool.query(
    'insert into bare_leads (name, email, phone, message) values ($1, $2, $3, $4) returning id',
    [b.name, b.email, b.phone, b.message],
  );
  return reply.status(201).send({ data: { id: rows[0].id } });
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
