/** Health and the public runtime configuration the console reads (support contacts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export default async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/healthz', { schema: { tags: ['system'], summary: 'Saúde do serviço' } }, async (_request, reply) => {
    try {
      await app.database.query('select 1');
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'error', message: 'Banco de dados indisponível.' });
    }
  });

  r.get(
    '/v1/public/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Configuração pública do console',
        response: { 200: z.object({ data: z.object({ app_name: z.string(), support_email: z.string(), support_whatsapp: z.string() }) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        data: { app_name: 'Vitrine Imóveis', support_email: app.config.SUPPORT_EMAIL, support_whatsapp: app.config.SUPPORT_WHATSAPP },
      };
    },
  );
}
