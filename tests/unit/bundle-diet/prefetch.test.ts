// The prefetch helper the client bundle swaps in (src/plugins/bundle-diet/shims/prefetch.ts), in a fake browser.
import {test} from 'node:test';
import assert from 'node:assert/strict';

type FakeLink = {rel?: string; href?: string; onload?: () => void; onerror?: () => void};
const appended: FakeLink[] = [];
const idle: Array<(deadline: {timeRemaining: () => number}) => void> = [];
Object.assign(globalThis, {
  window: {requestIdleCallback: (callback: (typeof idle)[number]) => idle.push(callback)},
  document: {
    createElement: () => ({relList: {supports: (feature: string) => feature === 'prefetch'}}) as unknown as FakeLink,
    head: {appendChild: (link: FakeLink) => appended.push(link)},
  },
});

/** Runs the next idle callback with `slices` calls of timeRemaining() above the threshold. */
function runIdle(slices: number) {
  let left = slices;
  idle.shift()!({timeRemaining: () => (left-- > 0 ? 20 : 0)});
}

test('each file is prefetched once, in idle time, a few per slice', async () => {
  // Imported once the fake browser above is in place.
  const {default: prefetch} = await import('../../../src/plugins/bundle-diet/shims/prefetch');
  const first = prefetch('/assets/js/a.js');
  assert.equal(prefetch('/assets/js/a.js'), first, 'the same file: the same promise');
  for (const name of ['b', 'c', 'd', 'e']) void prefetch(`/assets/js/${name}.js`);
  assert.equal(appended.length, 0, 'nothing before the browser is idle');
  assert.equal(idle.length, 1, 'one idle callback for the queue');

  runIdle(1);
  assert.deepEqual(
    appended.map(({rel, href}) => `${rel} ${href}`),
    ['prefetch /assets/js/a.js', 'prefetch /assets/js/b.js'],
  );
  assert.equal(idle.length, 1, 'the rest waits for the next idle time');
  runIdle(0);
  assert.equal(appended.length, 3, 'at least one per slice, even when the slice is spent');
  runIdle(5);
  assert.equal(appended.length, 5);
  assert.equal(idle.length, 0, 'nothing left to schedule');

  appended[0].onerror?.();
  await first; // a failed prefetch settles quietly, as Docusaurus's own helper does
  void prefetch('/assets/js/a.js');
  assert.equal(idle.length, 0, 'a file already requested is not queued again');
});
