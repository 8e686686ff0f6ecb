// Starts Swagger UI on our own definition, with every setting that could load
// or send anything elsewhere switched off. "Try it out" sends requests only to
// the address the reader types in the form above Swagger UI (never a default,
// never one from the URL), with the reader's token, which is kept in the page
// unless the reader opts in to keep it for the tab (sessionStorage).
(function () {
  'use strict';
  var TOKEN_KEY = 'sbx-api-token';
  var originField = document.getElementById('sbx-origin');
  var tokenField = document.getElementById('sbx-token');
  var remember = document.getElementById('sbx-remember');
  var status = document.getElementById('sbx-try-status');

  /** The origin of an http(s) address without credentials, or '' for anything else. */
  function originOf(value) {
    try {
      var url = new URL(value.trim());
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return '';
      return url.origin;
    } catch {
      return '';
    }
  }

  function say(text) {
    status.textContent = text;
  }

  function keepToken() {
    try {
      if (remember.checked && tokenField.value) sessionStorage.setItem(TOKEN_KEY, tokenField.value);
      else sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // Storage may be blocked; the token then stays in the page only.
    }
  }

  try {
    var kept = sessionStorage.getItem(TOKEN_KEY);
    if (kept) {
      tokenField.value = kept;
      remember.checked = true;
    }
  } catch {
    // No storage: nothing was kept.
  }
  tokenField.addEventListener('input', keepToken);
  remember.addEventListener('change', keepToken);
  originField.addEventListener('input', function () {
    say(
      originField.value && !originOf(originField.value)
        ? 'Enter an address such as https://seerbox.example:53443.'
        : '',
    );
  });

  // The site's Content Security Policy allows connections to its own origin, plus the API
  // origin of the deployment variable SEERBOX_CONNECT_SRC: say so when it blocks a request.
  document.addEventListener('securitypolicyviolation', function (event) {
    if (event.effectiveDirective !== 'connect-src') return;
    say(
      'Your browser blocked the request to ' +
        event.blockedURI +
        ": this documentation site's Content Security Policy only allows connections to its own address and " +
        'to the API address its administrator set (deployment variable SEERBOX_CONNECT_SRC). ' +
        'Ask them to set it to your Seer Box API address, or use the curl examples of the API pages.',
    );
  });

  window.ui = window.SwaggerUIBundle({
    // Relative: the definition sits next to this page under any base URL.
    url: 'openapi.yaml',
    dom_id: '#swagger-ui',
    // ?url= and ?configUrl= must never load another definition.
    queryConfigEnabled: false,
    // No online validator badge.
    validatorUrl: 'none',
    // Plain layout: no top bar to type another definition's URL into.
    layout: 'BaseLayout',
    presets: [window.SwaggerUIBundle.presets.apis],
    // "Try it out" only after the reader asks for it, operation by operation.
    supportedSubmitMethods: ['get', 'post', 'put', 'delete'],
    tryItOutEnabled: false,
    requestInterceptor: function (request) {
      if (request.loadSpec) return request;
      var origin = originOf(originField.value);
      if (!origin) {
        say('Enter the address of your Seer Box API above first: nothing was sent.');
        throw new Error('No Seer Box address entered: nothing was sent.');
      }
      // Whatever server Swagger UI picked, the request goes to the reader's address only.
      var url = new URL(request.url, window.location.href);
      request.url = origin + url.pathname + url.search;
      var headers = request.headers || (request.headers = {});
      if (tokenField.value && !headers.Authorization && url.pathname !== '/api/v1/signin') {
        headers.Authorization = 'Bearer ' + tokenField.value;
      }
      say('');
      return request;
    },
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    filter: true,
    syntaxHighlight: {activated: true, theme: 'agate'},
  });
})();
