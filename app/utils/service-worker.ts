/**
 * Registers public/sw.js (ADR 181): the offline page and Web Push. After the page has loaded, so
 * it never competes with the page's own requests; a browser without service workers goes without.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker not registered", error));
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
