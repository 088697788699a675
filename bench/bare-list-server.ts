import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { openDatabase } from '../server/db/index';
import type { BenchStatements } from './online-setup';

/**
 * The baseline of the online-list benchmark: a bare Fastify route that runs the same two
 * statements as the online list route (page and count, issued together), on the same
 * database, with no access check, translation or formatting. Started as a child process.
 */
const statements = JSON.parse(process.env.BARE_STATEMENTS ?? '') as BenchStatements;
const { db } = await openDatabase({ dataDir: process.env.DATA_DIR });
const plain = db.withoutPlugins();
const app = Fastify({ logger: false });
app.get('/bare/list', async () => {
  const [page, count] = await Promise.all([
    plain.executeQuery(CompiledQuery.raw(statements.page.sql, [...statements.page.parameters])),
    plain.executeQuery<{ total: number }>(
      CompiledQuery.raw(statements.count.sql, [...statements.count.parameters]),
    ),
  ]);
  return { success: true, result: { records: page.rows, total: Number(count.rows[0]?.total) } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare list server ready');
