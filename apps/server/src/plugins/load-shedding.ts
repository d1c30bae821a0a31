/**
 * Load shedding (@fastify/under-pressure): when the event loop lags past the configured delay (or the
 * heap passes its ceiling), new requests get 503 with Retry-After and a Portuguese message instead of
 * queueing until everything times out. Liveness and metrics stay answered (a busy process is not a dead
 * one); readiness is shed like the rest, so a load balancer stops sending work to the busy replica.
 */
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even when the process is under pressure (liveness, metrics). */
    loadSheddingExempt?: boolean;
  }
}

export const overloadedMessage = (seconds: number) =>
  `O servidor está sobrecarregado no momento. Tente novamente em ${seconds} segundos.`;

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const retryAfter = config.PRESSURE_RETRY_AFTER_SECONDS;
    // under-pressure sends whatever non-null value the handler returns and stops the request there;
    // undefined lets the request through. (Its types say void, hence the cast below.)
    // Start-up (migrations, PGlite loading its files, the queue starting) blocks the loop on purpose;
    // the sample that saw it must not shed the first requests. Armed two samples after ready.
    let armedAt = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      armedAt = Date.now() + 2 * config.PRESSURE_SAMPLE_INTERVAL_MS;
    });
    const onPressure = (
      request: FastifyRequest,
      reply: FastifyReply,
      type: string,
    ): { message: string } | undefined => {
      if (request.routeOptions.config?.loadSheddingExempt || Date.now() < armedAt) return undefined;
      app.metrics?.loadShed.inc({ reason: type });
      request.log.warn({ reason: type, memory: app.memoryUsage() }, 'load shed');
      reply.status(503).header('retry-after', String(retryAfter)).header('cache-control', 'no-store');
      return { message: overloadedMessage(retryAfter) };
    };
    await app.register(underPressure, {
      maxEventLoopDelay: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: config.PRESSURE_MAX_HEAP_USED_MB * 1024 * 1024,
      sampleInterval: config.PRESSURE_SAMPLE_INTERVAL_MS,
      retryAfter,
      pressureHandler: onPressure as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
  },
  { name: 'load-shedding' },
);
