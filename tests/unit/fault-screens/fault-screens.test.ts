import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {causeChain, causeChainText} from '../../../src/plugins/fault-screens/causeChain';
import {loadingState} from '../../../src/plugins/fault-screens/loadingState';
import {bannerScript, BANNER_ID} from '../../../src/plugins/fault-screens/bannerScript';
import {SCRIPTS_DONE_EVENT} from '../../../src/plugins/bundle-diet/ssrTemplate';

test('causeChain follows every cause and stops on cycles', () => {
  const root = new Error('root');
  const top = new Error('top', {cause: new Error('middle', {cause: root})});
  assert.deepEqual(causeChain(top), ['top', 'middle', 'root']);
  assert.deepEqual(causeChain('plain text'), ['plain text']);
  const loop = new Error('loop') as Error & {cause?: unknown};
  loop.cause = loop;
  assert.deepEqual(causeChain(loop), ['loop']);
});

test('causeChainText joins with the translated separator', () => {
  const error = new Error('a', {cause: new Error('b')});
  assert.equal(causeChainText(error, 'Causa:'), 'a\n\nCausa:\nb');
  assert.throws(() => causeChainText(error, ''), /needs a label/);
});

test('loadingState: nothing before the delay, spinner after, error wins', () => {
  assert.equal(loadingState({pastDelay: false}), 'hidden');
  assert.equal(loadingState({pastDelay: true}), 'spinner');
  assert.equal(loadingState({pastDelay: false, error: new Error('x')}), 'error');
});

/** Runs the banner script in a tiny fake DOM and returns the banner's text, or null. */
function runBanner(script: string, {loaded, pathname}: {loaded: boolean; pathname: string}) {
  const node = () => {
    const element = {
      id: undefined as string | undefined,
      attrs: {} as Record<string, string>,
      children: [] as unknown[],
      set textContent(value: string) {
        element.children.push({text: value});
      },
      setAttribute(name: string, value: string) {
        element.attrs[name] = value;
      },
      appendChild(child: unknown) {
        element.children.push(child);
      },
      get text(): string {
        return element.children.map((child) => (child as {text?: string}).text ?? '').join('');
      },
    };
    return element;
  };
  const listeners = new Map<string, () => void>();
  const inserted: unknown[] = [];
  const context = {
    window: {location: {pathname}, ...(loaded ? {docusaurus: {}} : {})},
    document: {
      addEventListener: (event: string, callback: () => void) => listeners.set(event, callback),
      createElement: node,
      createTextNode: (text: string) => ({text}),
      body: {firstChild: null, insertBefore: (child: unknown) => inserted.push(child)},
    },
  };
  vm.runInNewContext(script, context);
  // What the app loader dispatches once the app's scripts ran or failed.
  listeners.get(SCRIPTS_DONE_EVENT)?.();
  if (!inserted.length) return null;
  const box = inserted[0] as {
    id: string;
    attrs: Record<string, string>;
    children: Array<{children: Array<{text?: string; children?: Array<{text: string}>}>}>;
  };
  const text = box.children
    .map((p) => p.children.map((c) => c.text ?? (c.children ?? []).map((x) => x.text).join('')).join(''))
    .join('\n');
  return {id: box.id, lang: box.attrs.lang, text};
}

const words = {
  lang: 'it',
  title: 'Il sito non è stato caricato.',
  reason: 'Motivo.',
  configured: 'Configurato:',
  suggested: 'Suggerito:',
};

test('the banner appears only when the site did not start, with both base URLs', () => {
  const script = bannerScript('/it/', words);
  assert.equal(runBanner(script, {loaded: true, pathname: '/docs/it/'}), null);
  const banner = runBanner(script, {loaded: false, pathname: '/docs/it'});
  assert.equal(banner?.id, BANNER_ID);
  assert.equal(banner?.lang, 'it');
  assert.match(banner!.text, /Il sito non è stato caricato\./);
  assert.match(banner!.text, /Configurato: \/it\//);
  assert.match(banner!.text, /Suggerito: \/docs\/it\//);
});

test('the banner script escapes markup and refuses a bad base URL', () => {
  const script = bannerScript('/', {...words, title: '</script><b>'});
  assert.doesNotMatch(script, /<\/script>/);
  assert.throws(() => bannerScript('docs', words), /must start and end with "\/"/);
});

test("the plugin's theme components are not shadowed by the site's theme, whose Root shows the banner", () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const components = readdirSync(path.join(root, 'src/plugins/fault-screens/theme'));
  assert.deepEqual(components.sort(), ['Error', 'ErrorPageContent', 'Loading']);
  for (const name of components) {
    assert.ok(!existsSync(path.join(root, 'src/theme', name)), `src/theme/${name} would win over the plugin's`);
  }
  // The banner has no theme component of its own: the site's Root renders it.
  const siteRoot = readFileSync(path.join(root, 'src/theme/Root/index.tsx'), 'utf8');
  assert.match(siteRoot, /import BaseUrlBanner from '@site\/src\/plugins\/fault-screens\/BaseUrlBanner'/);
  assert.match(siteRoot, /<BaseUrlBanner \/>/);
});
