/* Logging out empties the phone of what the referee's console kept (drafts, the queue of saves, pages kept
   for a reload without network). Three layers, so one always runs: this script clears before the logout
   form is sent (asking first if saves still wait for the network), the logout answer carries a
   Clear-Site-Data header, and the login page shown after logout (data-forget-device) clears once more. */
(function () {
  "use strict";

  var PREFIX = "tableref:";

  function ownKeys() {
    var keys = [];
    try {
      for (var index = 0; index < window.localStorage.length; index += 1) {
        var key = window.localStorage.key(index);
        if (key && key.indexOf(PREFIX) === 0) { keys.push(key); }
      }
    } catch (error) { /* storage switched off */ }
    return keys;
  }

  function unsent(user) {
    var count = 0;
    ownKeys().forEach(function (key) {
      if (key.indexOf(PREFIX + "v1:" + user + ":") !== 0) { return; }
      try { count += (JSON.parse(window.localStorage.getItem(key)).queue || []).length; } catch (error) { /* unreadable */ }
    });
    return count;
  }

  function forgetDevice() {
    ownKeys().forEach(function (key) { window.localStorage.removeItem(key); });
    if (window.caches) {
      window.caches.keys().then(function (names) {
        names.forEach(function (name) { if (name.indexOf("tableref-") === 0) { window.caches.delete(name); } });
      });
    }
    if (navigator.serviceWorker && navigator.serviceWorker.getRegistrations) {
      navigator.serviceWorker.getRegistrations().then(function (registrations) {
        registrations.forEach(function (registration) { registration.unregister(); });
      });
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("logout")) { return; }
    var waiting = unsent(form.dataset.user || "");
    if (waiting && form.dataset.unsent) {
      if (!window.confirm(form.dataset.unsent.replace("{count}", waiting))) { event.preventDefault(); return; }
    }
    forgetDevice();
  });

  if (document.querySelector("[data-forget-device]")) { forgetDevice(); }

  window.TableRef = window.TableRef || {};
  window.TableRef.forgetDevice = forgetDevice;
})();
