// The browser suite drives Debian's Chromium; install it when it is missing (needs root/apt).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log(`${CHROMIUM} is missing; installing Debian's chromium…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -q && ${sudo}apt-get install -y -q chromium`, {
    stdio: 'inherit',
  });
}
