// Docusaurus's prefetch helper (@docusaurus/core/lib/client/prefetch.js, swapped in by
// src/plugins/bundle-diet/internals.ts) with two changes. Each file is prefetched once: the links of a
// sidebar share their chunks, so an API page asked for 396 files, 25 of them distinct. And the
// <link rel=prefetch> elements are added in idle time, a few per slice, instead of inside the task
// in which the sidebar's links became visible: starting those fetches cost 60-90 ms of main thread
// right after hydration with the CPU slowed 4x, which Lighthouse counted as blocking time.

type Strategy = (url: string) => Promise<void>;

function supports(feature: string): boolean {
  try {
    return document.createElement('link').relList.supports(feature);
  } catch {
    return false;
  }
}

const linkStrategy: Strategy = (url) =>
  new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`prefetch failed: ${url}`));
    document.head.appendChild(link);
  });

// Browsers without <link rel=prefetch> (Safari) warm the HTTP cache with a request instead.
const xhrStrategy: Strategy = (url) =>
  new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('GET', url, true);
    request.withCredentials = true;
    request.onload = () => (request.status === 200 ? resolve() : reject(new Error(`prefetch failed: ${url}`)));
    request.send(null);
  });

// Decided once, as Docusaurus's helper does, not for every file.
const strategy: Strategy = supports('prefetch') ? linkStrategy : xhrStrategy;
const requested = new Map<string, Promise<void>>();
const waiting: Array<() => void> = [];

/** Browsers without requestIdleCallback (Safari) get a short timeout and a fixed 10 ms slice. */
function whenIdle(callback: (deadline: {timeRemaining: () => number}) => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback);
    return;
  }
  setTimeout(() => {
    const end = performance.now() + 10;
    callback({timeRemaining: () => end - performance.now()});
  }, 50);
}

function drain(deadline: {timeRemaining: () => number}): void {
  // At least one per slice, so that a busy page still makes progress.
  do waiting.shift()?.();
  while (waiting.length > 0 && deadline.timeRemaining() > 5);
  if (waiting.length > 0) whenIdle(drain);
}

export default function prefetch(url: string): Promise<void> {
  let done = requested.get(url);
  if (!done) {
    done = new Promise<void>((resolve) => {
      waiting.push(() => void strategy(url).then(resolve, resolve));
      if (waiting.length === 1) whenIdle(drain);
    });
    requested.set(url, done);
  }
  return done;
}
