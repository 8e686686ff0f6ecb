#!/usr/bin/env node
/**
 * Draws the site's raster images from static/img/logo.svg, in Debian's
 * Chromium, with no fonts or images from anywhere else:
 * - the social card (static/img/social-card.jpg, 1200 x 630): logo, title
 *   and what the docs cover, in the site's colours;
 * - static/favicon.ico (32 x 32 PNG inside an ICO container): browsers ask
 *   for /favicon.ico on their own before they read the page's SVG icon, and a
 *   404 there is a console error.
 * Run it after changing the logo or the title.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumArgs, chromiumExecutable} from './lib/chromium.mjs';
import {runCli, UsageError} from './lib/cli.mjs';

const usage = `Usage: node scripts/brand-images.mjs [--out static/img/social-card.jpg] [--favicon static/favicon.ico]`;

/**
 * An ICO file holding one PNG image (supported by every browser since Windows Vista-era ICO).
 * @param {Buffer} png
 * @param {number} size
 */
export function icoFromPng(png, size) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

runCli(
  import.meta.url,
  {
    name: 'brand-images',
    usage,
    options: {
      out: {type: 'string', default: 'static/img/social-card.jpg'},
      favicon: {type: 'string', default: 'static/favicon.ico'},
    },
  },
  async (options) => {
    if (!options.out.endsWith('.jpg')) throw new UsageError(`--out must name a .jpg file (got "${options.out}")`);
    if (!options.favicon.endsWith('.ico')) {
      throw new UsageError(`--favicon must name a .ico file (got "${options.favicon}")`);
    }
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
      console.log(`brand-images: wrote ${options.out} (1200 x 630)`);

      const icon = await browser.newPage({viewport: {width: 32, height: 32}});
      await icon.setContent(
        `<html><body style="margin:0;background:transparent">${logo.replace('<svg ', '<svg width="32" height="32" ')}</body></html>`,
      );
      const png = await icon.screenshot({type: 'png', omitBackground: true});
      writeFileSync(options.favicon, icoFromPng(png, 32));
      console.log(`brand-images: wrote ${options.favicon} (32 x 32)`);
    } finally {
      await browser.close();
    }
  },
);
