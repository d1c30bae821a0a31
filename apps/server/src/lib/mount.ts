/**
 * The one way to register a route: `mount(app, name, handler)` takes the endpoint's method and path
 * from the contracts' table (`endpoints`) and its schemas (`endpointSchemas`), so the router
 * validates what the table says, the OpenAPI document shows it, and the handler's request and
 * answer are typed from it. A module adds only the handler (and route options such as `config`).
 *
 * The handler returns the answer's body; the endpoint's success status is set before it runs (201,
 * 204…), and a handler that needs another status or headers uses `reply` and returns it.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  endpointSchemas,
  endpoints,
  type EndpointSchema,
  type MountedEndpointName,
} from '@vitrine/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint table's name of the route (set by `mount`; a test fails routes without one). */
    endpoint?: string;
  }
}

type Schemas = typeof endpointSchemas;
type Parsed<N extends MountedEndpointName, K extends string> = Schemas[N] extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : unknown;
type ParsedBody<N extends MountedEndpointName> = Schemas[N] extends { readonly bodyParsedByHandler: true }
  ? unknown
  : Parsed<N, 'body'>;

export type EndpointRequest<N extends MountedEndpointName> = FastifyRequest<{
  Params: Parsed<N, 'params'>;
  Querystring: Parsed<N, 'query'>;
  Body: ParsedBody<N>;
}>;

/** What the handler may return: the answer (before serialization), or the reply it sent itself. */
export type EndpointAnswer<N extends MountedEndpointName> = z.input<Schemas[N]['response']> | FastifyReply;

export type EndpointHandler<N extends MountedEndpointName> = (
  request: EndpointRequest<N>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<N>>;

type MountOptions = Pick<
  RouteShorthandOptions,
  'config' | 'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'logLevel'
>;

/** Lets the body through unchecked when the handler parses it itself; params and query as usual. */
const bodyByHandler: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? (data) => ({ value: data }) : validatorCompiler(route);

export function mount<N extends MountedEndpointName>(
  app: FastifyInstance,
  name: N,
  handler: EndpointHandler<N>,
  options: MountOptions = {},
): void {
  const { method, path } = endpoints[name];
  const schema: EndpointSchema = endpointSchemas[name];
  const status = schema.status ?? 200;
  const response = {
    ...schema.errors,
    [status]: schema.produces
      ? { description: schema.summary, content: { [schema.produces]: { schema: schema.response } } }
      : schema.response,
  };
  const route: RouteOptions = {
    ...options,
    method,
    url: path,
    config: { ...options.config, endpoint: name },
    ...(schema.bodyParsedByHandler
      ? { validatorCompiler: bodyByHandler as RouteOptions['validatorCompiler'] }
      : {}),
    schema: {
      tags: [...schema.tags],
      summary: schema.summary,
      ...(schema.description ? { description: schema.description } : {}),
      ...(schema.hide ? { hide: true } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.query ? { querystring: schema.query } : {}),
      ...(schema.body ? { body: schema.body } : {}),
      ...(schema.consumes ? { consumes: [...schema.consumes] } : {}),
      ...(schema.security ? { security: schema.security.map((r) => ({ ...r })) } : {}),
      response,
    },
    handler: async (request, reply) => {
      if (status !== 200) reply.status(status);
      return handler(request as unknown as EndpointRequest<N>, reply);
    },
  };
  app.route(route);
}
