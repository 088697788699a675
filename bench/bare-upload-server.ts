import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

/**
 * The upload bench's baseline: the same multipart request streamed to a file by bare Fastify and
 * @fastify/multipart, with none of the product's work (sign-in, type sniffing, quota, staging
 * and rename, the sys_file row).
 */
const dir = process.env.BARE_FILES_DIR!;
const app = Fastify();
await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 } });
app.post('/bare/upload', async (request) => {
  const saved: string[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const target = path.join(dir, `${saved.length}-${Date.now()}.bin`);
    await pipeline(part.file, fs.createWriteStream(target));
    saved.push(target);
  }
  return { success: true, message: saved.join(',') };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
