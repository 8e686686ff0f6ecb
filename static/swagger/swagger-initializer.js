// Starts Swagger UI on our own definition, with every setting that could load
// or send anything elsewhere switched off.
(function () {
  'use strict';
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
    // "Try it out" is off: the page sends no request to any API server.
    supportedSubmitMethods: [],
    tryItOutEnabled: false,
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    filter: true,
    syntaxHighlight: {activated: true, theme: 'agate'},
  });
})();
