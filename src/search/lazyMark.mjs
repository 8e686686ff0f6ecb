/**
 * A stand-in for mark.js's `Mark` with the two methods the search theme uses.
 * mark.js is fetched the first time there is something to highlight (a page
 * opened from a search result, `?_highlight=word`); `unmark` before then has
 * nothing to remove. Calls run in the order they were made.
 */
let markJs = null;

function loadMarkJs() {
  markJs ??= import('mark.js').then((module) => module.default ?? module);
  return markJs;
}

export default class LazyMark {
  constructor(root) {
    this.root = root;
    this.instance = null;
  }

  withInstance(action) {
    this.instance ??= loadMarkJs().then((MarkJs) => new MarkJs(this.root));
    return this.instance.then(action);
  }

  unmark(options) {
    if (markJs === null && this.instance === null) return;
    this.withInstance((mark) => mark.unmark(options));
  }

  mark(keywords, options) {
    if (Array.isArray(keywords) ? keywords.length === 0 : !keywords) return;
    this.withInstance((mark) => mark.mark(keywords, options));
  }
}
