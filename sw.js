/*
 * Ludothèque service worker: the whole app offline after one visit.
 *
 * build/sw-manifest.js (written by scripts/build.py) sets self.LUDO_BUILD =
 * {app: <version>, precache: [URLs relative to the site root]}: the same data
 * as build/version.json and build/precache.json. Importing it (rather than
 * fetching the JSON) makes a new deploy change a byte of the service worker,
 * so the browser's update check installs the new version on the next visit.
 *
 * - install:  precache every URL into "ludotheque-<app>", then take over. A URL that
 *             LUDO_BUILD.gzipped maps to a gzip copy (the runtime's wasm) is stored
 *             decoded from that copy: a first visit downloaded the 3.6 MB .gz, not the
 *             9.6 MB file (js/runtime-wasm.mjs), so the .gz is what the HTTP cache holds.
 * - activate: delete the other "ludotheque-*" caches. Never touches
 *             localStorage (saved games live there).
 * - fetch:    same-origin GET -> cache first, then network. Navigations with a
 *             query string (index.html?game=mookies&embed=1) get the cached page.
 * - self-heal: a cache emptied by hand or evicted by the browser is refilled while
 *             online: every navigation checks that each precached URL is there and
 *             fetches the missing ones; a precached URL served from the network on
 *             a miss is put back too. So the next offline start still works.
 */
/* global LUDO_BUILD */
importScripts("./build/sw-manifest.js", "./js/gunzip.js");

var BUILD = self.LUDO_BUILD;
var PREFIX = "ludotheque-";
var CACHE = PREFIX + BUILD.app;
var BASE = new URL("./", self.location.href).href;
var GZIPPED = {};
Object.keys(BUILD.gzipped || {}).forEach(function (rel) {
  GZIPPED[new URL(rel, BASE).href] = new URL(BUILD.gzipped[rel], BASE).href;
});
var INDEX = new URL("index.html", BASE).href;

self.addEventListener("install", function (event) {
  event.waitUntil(precache().then(function () { return self.skipWaiting(); }));
});

function precache() {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(BUILD.precache.map(function (rel) {
      var url = new URL(rel, BASE).href;
      return fetchToKeep(url).then(function (res) {
        if (!res.ok) { throw new Error("precache: " + rel + " answered " + res.status); }
        return cache.put(url, res);
      });
    }));
  }).catch(function (err) {
    // leave no half-filled cache behind; the old version keeps serving
    return caches.delete(CACHE).then(function () { throw err; });
  });
}

/*
 * The response to keep for a precached URL. "no-cache": revalidate with the server, so an old
 * copy in the HTTP cache never lands in a new version's cache (a 304 costs no body).
 */
function fetchToKeep(url) {
  var plain = function () { return fetch(new Request(url, { cache: "no-cache" })); };
  var gz = GZIPPED[url];
  if (!gz || !self.LudoGunzip.canGunzip()) { return plain(); }
  return fetch(new Request(gz, { cache: "no-cache" })).then(function (res) {
    if (!res.ok || !res.body) { return plain(); }
    return self.LudoGunzip.gunzipped(res.body).then(function (body) {
      return new Response(body, { status: 200, headers: { "Content-Type": "application/wasm" } });
    });
  }, plain);
}

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(PREFIX) === 0 && name !== CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") { return; }
  var url = new URL(req.url);
  if (url.origin !== self.location.origin || req.url.indexOf(BASE) !== 0) { return; }
  event.respondWith(respond(req, url));
  if (req.mode === "navigate") { event.waitUntil(heal()); }
});

var PRECACHED = {};
BUILD.precache.forEach(function (rel) { PRECACHED[new URL(rel, BASE).href] = true; });
var healing = null;

/* Refill whatever precached URL the cache lacks (best effort: offline, it waits for next time). */
function heal() {
  if (healing) { return healing; }
  healing = caches.open(CACHE).then(function (cache) {
    return cache.keys().then(function (requests) {
      var have = {};
      requests.forEach(function (r) { have[r.url] = true; });
      var missing = Object.keys(PRECACHED).filter(function (u) { return !have[u]; });
      return Promise.all(missing.map(function (u) {
        return fetchToKeep(u).then(function (res) {
          if (res.ok) { return cache.put(u, res); }
        }).catch(function () { /* offline: next navigation tries again */ });
      }));
    });
  }).then(function () { healing = null; }, function () { healing = null; });
  return healing;
}

function respond(req, url) {
  return caches.open(CACHE).then(function (cache) {
    if (req.mode === "navigate") {
      var bare = url.origin + url.pathname;
      var target = (bare === BASE) ? INDEX : bare;
      return cache.match(target, { ignoreSearch: true }).then(function (hit) {
        return hit || fetch(req);
      });
    }
    return cache.match(req).then(function (hit) {
      if (hit) { return hit; }
      return fetch(req).then(function (res) {
        if (res.ok && PRECACHED[req.url]) { cache.put(req.url, res.clone()).catch(function () {}); }
        return res;
      });
    });
  });
}

self.addEventListener("message", function (event) {
  if (event.data === "ludo:version" && event.source) {
    event.source.postMessage({ type: "ludo:version", app: BUILD.app });
  }
});
