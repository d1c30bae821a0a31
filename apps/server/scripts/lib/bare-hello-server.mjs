// The baseline of bench:start: plain Node starting a bare Fastify "hello" server (no TypeScript loader,
// no database), so the start-up figures read against what Node and Fastify cost on this machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
