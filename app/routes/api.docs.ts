import startUrl from "~/http/api-reference.js?url&no-inline";
import ownStylesUrl from "~/http/api-reference.css?url&no-inline";
import bundleUrl from "swagger-ui-dist/swagger-ui-bundle.js?url";
import stylesUrl from "swagger-ui-dist/swagger-ui.css?url";
import { z } from "zod";
import { endpoint, jsonRoute } from "~/http/json-route.server";

const DOCUMENT_URL = "/api/openapi.json";

/**
 * The API reference (docs/product.md#api): Swagger UI rendering /api/openapi.json, its script and
 * styles bundled into our own assets so the page works offline and under our CSP (scripts from
 * 'self' only). A page of its own rather than a route in the app's layout: Swagger UI brings its
 * own React and styles. A jsonRoute like every /api route, so other methods get the envelope's 405.
 */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference | Cardshare</title>
    <link rel="icon" href="/favicon.ico" />
    <link rel="stylesheet" href="${stylesUrl}" />
    <link rel="stylesheet" href="${ownStylesUrl}" />
  </head>
  <body>
    <main>
      <h1>Cardshare API reference</h1>
      <p>The machine-readable document: <a href="${DOCUMENT_URL}">${DOCUMENT_URL}</a> (OpenAPI 3.1). <a href="/">Back to Cardshare</a></p>
      <div id="swagger-ui" data-url="${DOCUMENT_URL}"></div>
      <noscript><p>The interactive reference needs JavaScript; the document above lists every route.</p></noscript>
    </main>
    <script src="${bundleUrl}"></script>
    <script src="${startUrl}"></script>
  </body>
</html>
`;

export const loader = jsonRoute({
  GET: endpoint({
    summary: "This reference, readable: the OpenAPI document rendered by Swagger UI (HTML)",
    access: "anyone",
    envelope: false,
    mediaType: "text/html",
    response: z.string(),
    async run() {
      return new Response(page, {
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" },
      });
    },
  }),
});
export const action = loader;
