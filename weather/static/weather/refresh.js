/* The public weather page keeps itself current without reloading: every five minutes it fetches the page
   again and, when a day's card changed, swaps the cards in place. A reader keeps their place on the page, and
   a screen reader hears the changed status (each card's status is a polite live region). */
(function () {
  "use strict";
  var EVERY_MS = 300000;
  var days = document.querySelector("[data-weather-days]");
  if (!days || !window.fetch || !window.DOMParser) { return; }

  function refresh() {
    if (document.hidden) { return; }
    fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-weather-days]");
        if (fresh && fresh.innerHTML !== days.innerHTML) { days.innerHTML = fresh.innerHTML; }
      })
      .catch(function () { /* no network for a moment: the next round will tell */ });
  }
  window.setInterval(refresh, EVERY_MS);
  document.addEventListener("visibilitychange", refresh);
}());
