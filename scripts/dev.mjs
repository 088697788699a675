// `npm run dev`: the API with reload on change (tsx watch, port 3000) and the Vite dev server
// with hot module replacement (port 5173, proxying /system to the API). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, STATIC_DIR: '' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
