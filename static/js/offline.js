/* The referee's pages work without network: this registers the service worker (served at /referee/sw.js,
   its scope every referee page) and asks it to keep this page, so a reload in a dead Wi-Fi still shows it.
   When the page is kept, <html data-offline-ready="yes"> says so. */
(function () {
  "use strict";

  var root = document.documentElement;
  var worker = root.dataset.serviceWorker;
  if (!worker || !navigator.serviceWorker || !window.caches) { return; }

  function kept() {
    return window.caches.open("tableref-pages").then(function (cache) {
      return cache.match(window.location.origin + window.location.pathname);
    });
  }

  function keepThisPage(registration) {
    var active = navigator.serviceWorker.controller || registration.active;
    if (!active) { return; }
    active.postMessage({ keep: window.location.pathname });
    var tries = 0;
    (function check() {
      kept().then(function (page) {
        if (page) { root.dataset.offlineReady = "yes"; return; }
        tries += 1;
        if (tries < 40) { setTimeout(check, 250); }
      });
    })();
  }

  navigator.serviceWorker.register(worker).then(function () {
    return navigator.serviceWorker.ready;
  }).then(keepThisPage).catch(function () { /* no offline copy: drafts and the queue still work */ });
})();
