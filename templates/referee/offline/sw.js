/* TableRef's service worker: the referee's pages load from this phone when the hall's network is gone.

   - Static files (CSS, scripts, icons) are kept at install and served from the phone first; their names
     change with their content in production, and this script names its cache after their digest, so a
     new deploy installs a new worker that deletes the old caches.
   - A referee's page is fetched from the network first. A copy is kept only when the server marks the
     page with the offline-copy header as "keep" (a table in play, for whoever enters its results); a page
     marked "forget" (a signed-off table) has its copy dropped. Without network the kept copy is shown, or
     the offline page.
   - Nothing is sent from here: saves wait in the page's own queue (localStorage), which the page sends. */
"use strict";

var VERSION = {{ version_json|safe }};
var ASSETS = {{ assets_json|safe }};
var OFFLINE_URL = {{ offline_json|safe }};
var COPY_HEADER = {{ header_json|safe }};
var STATIC_CACHE = "tableref-static-" + VERSION;
var PAGE_CACHE = "tableref-pages";
var NETWORK_WAIT_MS = 6000;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      return cache.addAll(ASSETS.concat([OFFLINE_URL]));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      var old = names.filter(function (name) {
        return name.indexOf("tableref-static-") === 0 && name !== STATIC_CACHE;
      });
      /* Kept pages name the old scripts: after a new deploy they go too (the saves wait in the page's
         own storage, not here). */
      if (old.length) { old.push(PAGE_CACHE); }
      return Promise.all(old.map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function pageKey(request) {
  var url = new URL(request.url);
  return url.origin + url.pathname;
}

function fromNetwork(request) {
  /* A network that hangs (a Wi-Fi with no way through) counts as no network after a few seconds. */
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, NETWORK_WAIT_MS);
    fetch(request).then(function (response) { clearTimeout(timer); resolve(response); },
                        function (error) { clearTimeout(timer); reject(error); });
  });
}

function keepOrForget(request, response) {
  var verdict = response.headers.get(COPY_HEADER);
  var url = new URL(request.url);
  if (!verdict) { return Promise.resolve(); }
  return caches.open(PAGE_CACHE).then(function (cache) {
    if (verdict === "keep" && response.ok && !url.search && !response.redirected) {
      return cache.put(pageKey(request), response.clone());
    }
    if (verdict === "forget") { return cache.delete(pageKey(request)); }
  });
}

function page(event) {
  var request = event.request;
  return fromNetwork(request).then(function (response) {
    event.waitUntil(keepOrForget(request, response));
    return response;
  }).catch(function () {
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.match(pageKey(request));
    }).then(function (kept) {
      return kept || caches.match(OFFLINE_URL);
    }).then(function (answer) {
      return answer || Response.error();
    });
  });
}

function asset(request) {
  return caches.match(request).then(function (kept) {
    return kept || fetch(request);
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") { event.respondWith(page(event)); return; }
  if (ASSETS.indexOf(url.pathname) >= 0) { event.respondWith(asset(request)); }
});

/* The page asks for itself to be kept (its first visit came before this worker), or dropped (sign-off). */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.keep) {
    var request = new Request(new URL(data.keep, self.location.origin).href, { credentials: "same-origin" });
    event.waitUntil(fetch(request).then(function (response) {
      return keepOrForget(request, response);
    }).catch(function () { /* no network: the next visit keeps it */ }));
  } else if (data.forget === "all") {
    event.waitUntil(caches.delete(PAGE_CACHE));
  } else if (data.forget) {
    event.waitUntil(caches.open(PAGE_CACHE).then(function (cache) {
      return cache.delete(new URL(data.forget, self.location.origin).href);
    }));
  }
});
