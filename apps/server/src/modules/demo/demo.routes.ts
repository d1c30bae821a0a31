/**
 * The one-click demo: GET /v1/public/demo says whether this installation holds the seeded demo, and
 * POST /v1/demo/login signs in as its user. Both only while SEED_DEMO is on and the demo login exists
 * (production leaves SEED_DEMO off: 404, and the console sends people to registration).
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_UNAVAILABLE_MESSAGE, throttleMessage } from '@vitrine/contracts';
import { HttpError, notFound, unauthenticated } from '../../lib/http-errors.ts';
import { getUserView } from '../auth/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, findDemoUserId } from './seed-demo.ts';
import { mount } from '../../lib/mount.ts';

/** Demo sign-ins per IP in 10 minutes: each one creates a session. */
const DEMO_LOGINS_PER_IP = 30;

export default async function demoRoutes(app: FastifyInstance) {
  const { deps } = app;

  const demoUserId = async (): Promise<number | null> => (app.config.SEED_DEMO ? findDemoUserId(deps) : null);

  mount(app, 'getPublicDemo', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // Being seeded (a first start, seconds after the server answers): offered already; the login waits.
    const enabled = (app.config.SEED_DEMO && app.demoSeeding.running) || (await demoUserId()) !== null;
    return {
      data: { enabled, email: enabled ? DEMO_EMAIL : null, password: enabled ? DEMO_PASSWORD : null },
    };
  });

  mount(app, 'demoLogin', async (request, reply) => {
    if (app.config.SEED_DEMO) await app.demoSeeding.ready();
    const id = await demoUserId();
    if (id === null) throw notFound(DEMO_UNAVAILABLE_MESSAGE);
    const state = await app.throttle.hit(`demo-login:${request.ip}`, 600);
    if (state.hits > DEMO_LOGINS_PER_IP) {
      throw new HttpError(429, throttleMessage(state.retryAfterSeconds), undefined, undefined, {
        'retry-after': String(state.retryAfterSeconds),
      });
    }
    await app.sessions.start(request, reply, id);
    const user = await getUserView(deps, id);
    if (!user) throw unauthenticated();
    return { user };
  });
}
