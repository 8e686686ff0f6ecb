import type MarkJs from 'mark.js';

/**
 * A stand-in for mark.js's `Mark` with the two methods the search theme uses.
 * mark.js is fetched the first time there is something to highlight (a page
 * opened from a search result, `?_highlight=word`); `unmark` before then has
 * nothing to remove. Calls run in the order they were made.
 */
let markJs: Promise<typeof MarkJs> | null = null;

function loadMarkJs(): Promise<typeof MarkJs> {
  // A CommonJS module: the bundler gives its exports as the default export.
  markJs ??= import('mark.js').then((module) => module.default);
  return markJs;
}

export default class LazyMark {
  private instance: Promise<MarkJs> | null = null;

  constructor(private readonly root: ConstructorParameters<typeof MarkJs>[0]) {}

  private withInstance(action: (mark: MarkJs) => void): Promise<void> {
    this.instance ??= loadMarkJs().then((Mark) => new Mark(this.root));
    return this.instance.then(action);
  }

  unmark(options?: MarkJs.MarkOptions): void {
    if (markJs === null && this.instance === null) return;
    void this.withInstance((mark) => mark.unmark(options));
  }

  mark(keywords: string | readonly string[], options?: MarkJs.MarkOptions): void {
    if (Array.isArray(keywords) ? keywords.length === 0 : !keywords) return;
    void this.withInstance((mark) => mark.mark(keywords as string | string[], options));
  }
}
