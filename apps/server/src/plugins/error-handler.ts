/** One error handler: Portuguese messages, Laravel-style bodies, no 5xx details leaked. */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@vitrine/contracts';
import { HttpError, issuesToErrors, validationError } from '../lib/http-errors.ts';

const CODE_TABLE: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'O corpo da requisição está vazio, mas o tipo indicado é JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'O tamanho declarado do conteúdo não confere.'],
  FST_REQ_FILE_TOO_LARGE: [413, 'O arquivo enviado é grande demais.'],
  FST_PARTS_LIMIT: [413, 'O formulário tem partes demais.'],
  FST_FILES_LIMIT: [413, 'O formulário tem arquivos demais.'],
  FST_FIELDS_LIMIT: [413, 'O formulário tem campos demais.'],
  FST_PROTO_VIOLATION: [400, MESSAGES.invalidMultipart],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Envie o formulário como multipart/form-data.'],
  // @fastify/compress also reads compressed request bodies (gzip, br, deflate); bodyLimit counts the
  // decompressed bytes, so a small bomb still ends in FST_ERR_CTP_BODY_TOO_LARGE above.
  FST_CP_ERR_INVALID_CONTENT: [
    400,
    'O corpo da requisição não pôde ser descompactado (confira o Content-Encoding).',
  ],
  FST_CP_ERR_INVALID_CONTENT_ENCODING: [
    415,
    'Compactação do corpo não suportada: envie sem compactar, ou com gzip, br ou deflate.',
  ],
  FST_ERR_RESPONSE_SERIALIZATION: [500, MESSAGES.serverError],
};

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        const body: Record<string, unknown> = { message: error.message };
        if (error.errors) body.errors = error.errors;
        if (error.data !== undefined) body.data = error.data;
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Valor inválido.',
        }));
        const e = validationError(issuesToErrors(issues));
        return reply.status(422).send({ message: e.message, errors: e.errors });
      }
      const mapped = error.code
        ? CODE_TABLE[error.code]
        : isBrokenMultipart(error)
          ? ([400, MESSAGES.invalidMultipart] as [number, string])
          : undefined;
      const status = mapped?.[0] ?? error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send({ message: MESSAGES.serverError });
      }
      if (status === 429) return reply.status(429).send({ message: error.message });
      const message = mapped?.[1] ?? 'Requisição inválida.';
      request.log.info({ code: error.code, err: error.message }, 'client error');
      return reply.status(status).send({ message });
    });
  },
  { name: 'error-handler' },
);

/** Multipart parse failures from busboy carry no code and no status: recognise them by their text. */
function isBrokenMultipart(error: Error): boolean {
  return /unexpected end of (form|multipart)|malformed part header|multipart: boundary not found|part terminated early/i.test(
    error.message,
  );
}
