/**
 * The baseline of bench:ingest: a bare Fastify endpoint that takes the tracker's batch (text/plain
 * JSON) and stores its events with one multi-row INSERT — no validation, sessions, bots, limits or rollups.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
await pool.query(
  `create table if not exists bare_events (id bigint generated always as identity primary key, page_id int, name text, occurred_at timestamptz, props jsonb)`,
);
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
app.post('/events', async (request, reply) => {
  const b = JSON.parse(request.body as string) as {
    page_id: number;
    events: { name: string; ago?: number; props?: unknown }[];
  };
  const values: unknown[] = [];
  const rows = b.events.map((e, i) => {
    values.push(
      b.page_id,
      e.name,
      new Date(Date.now() - (e.ago ?? 0)),
      e.props === undefined ? null : JSON.stringify(e.props),
    );
    return `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`;
  });
  await pool.query(
    `insert into bare_events (page_id, name, occurred_at, props) values ${rows.join(', ')}`,
    values,
  );
  return reply.status(202).send({ ok: true });
});
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
