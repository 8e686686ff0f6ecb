// Follows the documentation site's colour mode: the reader's choice stored by
// Docusaurus under the "theme" key, else the system preference. Kept in its
// own file (no inline script) so a strict Content-Security-Policy can allow it.
(function () {
  'use strict';
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function chosen() {
    try {
      var value = window.localStorage.getItem('theme');
      return value === 'light' || value === 'dark' ? value : null;
    } catch {
      // Storage blocked (private mode, policy): fall back to the system preference.
      return null;
    }
  }
  function apply() {
    document.documentElement.setAttribute('data-theme', chosen() || (media.matches ? 'dark' : 'light'));
  }
  apply();
  window.addEventListener('storage', function (event) {
    if (event.key === 'theme' || event.key === null) apply();
  });
  if (media.addEventListener) media.addEventListener('change', apply);
})();
