// The browser suite drives Debian's Chromium and its screenshots need a CJK font; install
// whichever is missing (needs root/apt).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CJK_FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!process.env.CHROMIUM_PATH && !fs.existsSync(CJK_FONT)) missing.push('fonts-wqy-microhei');
if (missing.length > 0) {
  console.log(`installing Debian's ${missing.join(' ')}…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -q && ${sudo}apt-get install -y -q ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}
