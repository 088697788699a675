import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/**
 * The app as route modules use it: a route's TypeBox schemas (querystring, params, body) are
 * what Fastify validates the request with *and* what types `request.query` / `request.body`,
 * so a handler never casts what it reads. The same schemas make the OpenAPI document.
 */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The module's view of the app with the TypeBox type provider. */
export function typed(app: FastifyInstance): Api {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}
