import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type {ClientModule} from '@docusaurus/types';
import {bareHtmlPath} from '../utils/htmlPath.mjs';

/**
 * Docusaurus already renders `/page.html` and `/page/index.html` as `/page`.
 * This also puts the bare path in the address bar, so that links people copy
 * and share are canonical, on any static host (our own servers redirect too).
 */
function normalize(): void {
  const {pathname, search, hash} = window.location;
  const bare = bareHtmlPath(pathname);
  if (bare !== null) {
    window.history.replaceState(window.history.state, '', `${bare}${search}${hash}`);
  }
}

if (ExecutionEnvironment.canUseDOM) {
  normalize();
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    normalize();
  },
};

export default clientModule;
