/**
 * Event the app loader dispatches on `document` once the app's last script has run or failed;
 * the base-URL banner waits for it (src/plugins/fault-screens/bannerScript.ts).
 */
export const SCRIPTS_DONE_EVENT = 'seerbox:scripts-done';

/**
 * Inline script that starts the app after the first paint. Docusaurus's template names its
 * scripts with `defer`: Chromium then fetched, ran and hydrated them before it painted the
 * server-rendered page, so the page's largest paint waited for 165 KB of JavaScript (Lighthouse,
 * Linux guide page: LCP 1.8–2.5 s). Here the scripts are requested once the browser reports the
 * first contentful paint, and run in document order (`async = false`, as `defer` did). Where paints
 * are not reported, the next frame is the signal; a page still unpainted after 3 s (a hidden tab)
 * starts anyway. The URLs come from the element's `data-app`, so the code, and its
 * Content-Security-Policy hash, is the same on every page.
 */
export const appLoader = `(function (loader) {
  var urls = loader.getAttribute('data-app').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    urls.forEach(function (url, index) {
      var script = document.createElement('script');
      script.src = url;
      script.async = false;
      if (index === urls.length - 1) {
        script.onload = script.onerror = function () {
          document.dispatchEvent(new Event('${SCRIPTS_DONE_EVENT}'));
        };
      }
      document.head.appendChild(script);
    });
  }
  setTimeout(start, 3000);
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      list.getEntries().forEach(function (entry) {
        if (entry.name === 'first-contentful-paint') {
          observer.disconnect();
          start();
        }
      });
    }).observe({type: 'paint', buffered: true});
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
})(document.currentScript);`;

/**
 * Docusaurus's page template (@docusaurus/core's ssgTemplate.html) with the app loader above in
 * place of its `<script defer>` tags.
 */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script data-app="<%= it.scripts.map((script) => it.baseUrl + script).join(' ') %>">${appLoader}</script>
  </body>
</html>
`;
