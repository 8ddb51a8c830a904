/**
 * Starts Swagger UI on /api/docs (app/routes/api.docs.ts). A file of its own, served from our
 * origin, because the page's Content-Security-Policy allows no inline script.
 */
/* global SwaggerUIBundle */
const root = document.getElementById("swagger-ui");
if (root) {
  SwaggerUIBundle({
    url: root.dataset.url,
    domNode: root,
    // Deep links would put a link inside each operation's toggle button (nested controls).
    deepLinking: false,
    // The reference works offline: no call to the public validator badge.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    // The document names its server; Swagger UI's server picker is a select without a name.
    onComplete() {
      root.querySelector("#servers, .servers select")?.setAttribute("aria-label", "Server");
    },
  });
}
