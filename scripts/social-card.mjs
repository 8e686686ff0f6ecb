#!/usr/bin/env node
/**
 * Draws the site's social card (static/img/social-card.jpg, 1200 x 630):
 * the Seer Box logo, the site title and what the docs cover, in the site's
 * colours. Rendered by Debian's Chromium from inline HTML: no fonts or
 * images from anywhere else. Run it after changing the logo or the title.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium.mjs';

const usage = `Usage: node scripts/social-card.mjs [--out static/img/social-card.jpg]`;

function parseArgs(argv) {
  const options = {out: 'static/img/social-card.jpg'};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log(usage);
      process.exit(0);
    } else if (argv[i] === '--out' && argv[i + 1] && !argv[i + 1].startsWith('--')) {
      options.out = argv[(i += 1)];
    } else {
      console.error(`social-card: unexpected argument "${argv[i]}"\n${usage}`);
      process.exit(2);
    }
  }
  if (!options.out.endsWith('.jpg')) {
    console.error(`social-card: --out must name a .jpg file (got "${options.out}")`);
    process.exit(2);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
const logo = readFileSync(path.join('static', 'img', 'logo.svg'), 'utf8');
const html = `<!doctype html><html><head><style>
  html, body { margin: 0; width: 1200px; height: 630px; }
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
         background: linear-gradient(135deg, #0b5cad 0%, #06325f 100%); color: #fff;
         display: flex; flex-direction: column; justify-content: center; padding: 0 96px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 32px; }
  .brand svg { width: 140px; height: 140px; background: #fff; border-radius: 32px; padding: 8px; }
  h1 { font-size: 84px; margin: 0; letter-spacing: -1px; }
  p { font-size: 38px; line-height: 1.35; margin: 48px 0 0; max-width: 980px; color: #dbe9f8; }
  .tag { margin-top: 40px; font-size: 28px; color: #a9c9ec; }
</style></head><body>
  <div class="brand">${logo}<h1>Seer Box</h1></div>
  <p>User guide and REST API reference: install, configure and operate traffic analysis and web protection.</p>
  <div class="tag">English · Italiano</div>
</body></html>`;

const browser = await chromium.launch({executablePath: chromiumExecutable(), args: chromiumArgs});
try {
  const page = await browser.newPage({viewport: {width: 1200, height: 630}});
  await page.setContent(html);
  await page.screenshot({path: options.out, type: 'jpeg', quality: 88});
  console.log(`social-card: wrote ${options.out} (1200 x 630)`);
} finally {
  await browser.close();
}
