// The rules site's service worker (copied to the site's root at build time; __STAMP__ is the build's stamp).
// The runtime and wheels under py/ are served from the cache the worker fills (they change only with the stamp);
// every other page and file of the site comes from the network when there is one, else from the cache, so after
// a first visit the site and its ask box work without a network.
const STAMP = "__STAMP__";
const PAGES = "rulebook-pages";
const PY_CACHE = "rulebook-py-" + STAMP;
const SCOPE = new URL("./", self.location.href).href;

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A page or file other than the engine's is kept after it is answered, not before: a page never waits on the cache,
// and a cache that cannot keep it (a phone's storage full, a quota reached) costs only the copy, never the page.
function keep(event, name, key, response) {
  event.waitUntil(
    caches
      .open(name)
      .then((cache) => cache.put(key, response))
      .catch(() => undefined),
  );
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (request.url.startsWith(SCOPE + "py/") && !request.url.endsWith("/manifest.json")) {
    event.respondWith(
      caches
        .open(PY_CACHE)
        .then((cache) => cache.match(request.url))
        .catch(() => undefined)
        .then(async (hit) => {
          if (hit) return hit;
          const response = await fetch(request);
          // Kept before it is answered: once the engine has started, every file it needs offline is there. A
          // cache that cannot keep it costs the copy only.
          if (response.ok) await caches.open(PY_CACHE).then((cache) => cache.put(request.url, response.clone())).catch(() => undefined);
          return response;
        }),
    );
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && response.type === "basic") keep(event, PAGES, request, response.clone());
        return response;
      })
      .catch(async () => {
        const cache = await caches.open(PAGES);
        const hit = (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
        if (hit) return hit;
        if (request.url.endsWith("/manifest.json")) {
          const kept = await (await caches.open("rulebook-py-manifest")).match(request.url);
          if (kept) return kept;
        }
        return Response.error();
      }),
  );
});
