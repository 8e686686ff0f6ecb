import {test} from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {appLoader, SCRIPTS_DONE_EVENT} from '../../../src/plugins/bundle-diet/ssrTemplate';

type FakeScript = {src?: string; async?: boolean; onload?: () => void; onerror?: () => void};
type PaintCallback = (list: {getEntries: () => Array<{name: string}>}, observer: {disconnect: () => void}) => void;

/** Runs the loader against a fake browser, with or without paint timing; the caller fires the events. */
function runLoader(urls: string, {paintTiming, listsTypes = true}: {paintTiming: boolean; listsTypes?: boolean}) {
  const appended: FakeScript[] = [];
  const events: string[] = [];
  const frames: Array<() => void> = [];
  const timeouts: Array<{callback: () => void; delay: number}> = [];
  const paints: PaintCallback[] = [];
  class PerformanceObserver {
    // Older browsers have the observer but not the list of what it observes.
    static supportedEntryTypes = !listsTypes ? undefined : paintTiming ? ['navigation', 'paint'] : ['navigation'];
    constructor(private readonly callback: PaintCallback) {}
    observe(options: {type: string; buffered: boolean}) {
      assert.deepEqual({...options}, {type: 'paint', buffered: true}); // copied out of the vm's realm
      paints.push(this.callback);
    }
  }
  const document = {
    currentScript: {getAttribute: (name: string) => (name === 'data-app' ? urls : null)},
    createElement: (tag: string) => (assert.equal(tag, 'script'), {} as FakeScript),
    head: {appendChild: (script: FakeScript) => appended.push(script)},
    dispatchEvent: (event: {type: string}) => events.push(event.type),
  };
  const window = {PerformanceObserver};
  vm.runInNewContext(appLoader, {
    window,
    PerformanceObserver,
    document,
    Event: class {
      constructor(readonly type: string) {}
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay: number) => timeouts.push({callback, delay}),
  });
  const paint = (name: string) =>
    paints.forEach((callback) => callback({getEntries: () => [{name}]}, {disconnect() {}}));
  return {appended, events, frames, timeouts, paint};
}

const urls = '/assets/js/runtime~main.1.js /assets/js/main.2.js';

test('the loader requests the scripts in order once the first contentful paint is reported', () => {
  const run = runLoader(urls, {paintTiming: true});
  assert.equal(run.frames.length, 0, 'paint timing, not frames');
  run.paint('first-paint');
  assert.equal(run.appended.length, 0, 'a background paint is not enough');
  run.paint('first-contentful-paint');
  assert.deepEqual(
    run.appended.map(({src, async}) => ({src, async})),
    [
      {src: '/assets/js/runtime~main.1.js', async: false},
      {src: '/assets/js/main.2.js', async: false},
    ],
  );
  run.timeouts.forEach(({callback}) => callback());
  assert.equal(run.appended.length, 2, 'started once');
  assert.equal(run.appended[0].onload, undefined, 'only the last script reports');
  assert.deepEqual(run.events, []);
  run.appended[1].onerror?.();
  assert.deepEqual(run.events, [SCRIPTS_DONE_EVENT], 'a failed last script still ends the wait');
});

for (const listsTypes of [true, false]) {
  test(`without paint timing the loader waits for the next frame and the paint after it (${listsTypes ? 'types listed' : 'no list of types'})`, () => {
    const run = runLoader(urls, {paintTiming: false, listsTypes});
    assert.equal(run.appended.length, 0);
    run.frames.splice(0).forEach((frame) => frame());
    assert.equal(run.appended.length, 0, 'nothing in the frame callback itself');
    run.timeouts.filter(({delay}) => delay === 0).forEach(({callback}) => callback());
    assert.equal(run.appended.length, 2);
  });
}

test('a page that never paints (a hidden tab) starts after 3 s', () => {
  const run = runLoader(urls, {paintTiming: true});
  const fallback = run.timeouts.find(({delay}) => delay === 3000);
  assert.ok(fallback, 'a 3 s fallback');
  fallback.callback();
  assert.equal(run.appended.length, 2);
});
