/**
 * The site's one stylesheet (tailwind, about 9 KB gzip), written into the document's head in a
 * production build rather than linked: a first visit on a phone paints without waiting for a
 * render-blocking request (Lighthouse, docs/performance.md#lighthouse). The text is in the server
 * bundle only; in the browser the element keeps what the server wrote, so hydration agrees and no
 * JavaScript chunk carries the CSS. `remix vite:dev` links it, for its hot reload.
 */
import href from "~/tailwind.css?url";
import text from "~/tailwind.css?inline";

const ID = "site-css";
let written: string | undefined;

export function SiteStylesheet() {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={href} />;
  const css = import.meta.env.SSR ? text : (written ??= document.getElementById(ID)?.textContent ?? "");
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
