// src/plugins/bundle-diet/shims/emojiUtils.ts stands in for theme-common's extractLeadingEmoji (the
// category cards' icons): it must give the same answer for every label, and its shortcut must hold.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {EMOJI_STARTS_BELOW_2000, extractLeadingEmoji} from '../../../src/plugins/bundle-diet/shims/emojiUtils';

const root = path.resolve(import.meta.dirname, '../../..');
/** The installed theme-common's own function (an ES module: imported, not required). */
const upstream = async () =>
  (await import(
    pathToFileURL(path.join(root, 'node_modules/@docusaurus/theme-common/lib/utils/emojiUtils.js')).href
  )) as {
    extractLeadingEmoji: typeof extractLeadingEmoji;
  };

test('the shortcut: below U+2000, exactly these code points have the Emoji property', () => {
  const below = Array.from({length: 0x2000}, (_, code) => String.fromCodePoint(code)).filter((char) =>
    /\p{Emoji}/u.test(char),
  );
  assert.equal(below.join(''), EMOJI_STARTS_BELOW_2000);
});

test('every RGI emoji starts with a code point that has the Emoji property', () => {
  // One of each kind of RGI emoji (UTS #51): keycaps, basic emoji, flags, ZWJ, modifier and tag sequences.
  const samples = ['#️⃣', '1️⃣', '©️', '®️', '‼️', '⚠️', '🇮🇹', '👩‍💻', '👍🏽', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🔗'];
  for (const emoji of samples) {
    assert.match(emoji, new RegExp(String.raw`^\p{RGI_Emoji}$`, 'v'), emoji);
    assert.match(emoji, /^\p{Emoji}/u, emoji);
  }
});

test('same result as upstream for labels with and without a leading emoji', async () => {
  const stock = (await upstream()).extractLeadingEmoji;
  const labels = [
    '',
    ' ',
    'Installation',
    'Installazione',
    'È possibile',
    'Über',
    '1 item',
    '1️⃣ First',
    '#️⃣ Hash',
    '# not an emoji',
    '* star',
    '© 2026',
    '©️ 2026',
    '⚠️ Warning',
    '🇮🇹 Italiano',
    '👩‍💻 Developers',
    '👍🏽 Good',
    '🗃 Category',
    '\u2003em space',
    '→ arrow',
    '‼️ bang',
    '\ud83d lone surrogate',
  ];
  // And every label of the site's sidebars' categories and docs, in both languages.
  const titles = (dir: string): string[] =>
    readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((file) => /\.(md|mdx|json)$/.test(file))
      .flatMap((file) => [
        ...readFileSync(path.join(dir, file), 'utf8').matchAll(/^(?:title|sidebar_label|"label"):\s*"?(.+?)"?,?$/gm),
      ])
      .map((match) => match[1]);
  const site = [
    ...titles(path.join(root, 'docs')),
    ...titles(path.join(root, 'i18n/it/docusaurus-plugin-content-docs')),
  ];
  assert.ok(site.length > 20, `${site.length} labels found`);
  for (const label of [...labels, ...site]) {
    assert.deepEqual(extractLeadingEmoji(label), stock(label), JSON.stringify(label));
  }
});
