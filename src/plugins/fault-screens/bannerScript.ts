import {SCRIPTS_DONE_EVENT} from '../bundle-diet/ssrTemplate';

export type BannerText = {
  lang: string;
  title: string;
  reason: string;
  configured: string;
  suggested: string;
};

/** The id of the injected banner; the `__` prefix keeps search crawlers off it. */
export const BANNER_ID = '__seerbox-base-url-banner';

/**
 * Inline script for the home page: once the app loader (src/plugins/bundle-diet/ssrTemplate.ts)
 * has tried the site's scripts, if the site's JavaScript did not start
 * (`window.docusaurus` missing, as when the assets live under another base URL),
 * it inserts a banner with the configured base URL and the one the browser
 * suggests. Built from text nodes only, so nothing in it is indexed or
 * interpreted as HTML.
 */
export function bannerScript(baseUrl: string, text: BannerText): string {
  if (!baseUrl.startsWith('/') || !baseUrl.endsWith('/')) {
    throw new Error(`bannerScript: base URL must start and end with "/", got "${baseUrl}"`);
  }
  const data = JSON.stringify({id: BANNER_ID, baseUrl, ...text}).replace(/</g, '\\u003c');
  return `document.addEventListener('${SCRIPTS_DONE_EVENT}', function () {
  if (typeof window.docusaurus !== 'undefined') return;
  var t = ${data};
  var path = window.location.pathname;
  var suggested = path.slice(-1) === '/' ? path : path + '/';
  var box = document.createElement('div');
  box.id = t.id;
  box.setAttribute('role', 'alert');
  box.setAttribute('lang', t.lang);
  box.setAttribute('style', 'border:4px solid #b3261e;background:#fff4e5;color:#1c1e21;margin:20px;padding:20px;font:18px/1.5 system-ui,sans-serif');
  function line(label, value, bold) {
    var p = document.createElement('p');
    p.appendChild(document.createTextNode(label));
    if (value) {
      var strong = document.createElement('strong');
      strong.textContent = value;
      p.appendChild(document.createTextNode(' '));
      p.appendChild(strong);
    }
    if (bold) p.setAttribute('style', 'font-weight:700;font-size:26px;margin-top:0');
    box.appendChild(p);
  }
  line(t.title, '', true);
  line(t.reason, '', false);
  line(t.configured, t.baseUrl, false);
  line(t.suggested, suggested, false);
  document.body.insertBefore(box, document.body.firstChild);
});`;
}
