// The public standings stay fresh without reloading the page (which would throw the reader back to the top):
// every few seconds ask whether the table changed (its ETag; the server answers 304 when not), and only then
// swap the new one in, with the time it last changed, keeping the scroll where it was. Without this script
// the page's "Refresh now" link does the same by hand.
(function () {
  "use strict";
  var box = document.querySelector("[data-standings-fragment]");
  if (!box || !window.fetch) {
    return;
  }
  var url = box.getAttribute("data-standings-fragment");
  var etag = box.getAttribute("data-etag");
  var seconds = parseInt(box.getAttribute("data-refresh-seconds"), 10) || 15;

  function swap(html) {
    var x = window.scrollX;
    var y = window.scrollY;
    box.innerHTML = html;
    window.scrollTo(x, y);
    box.setAttribute("data-etag", etag);
  }

  function check() {
    fetch(url, { headers: { "If-None-Match": etag }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          return response.text().then(swap);
        }
        return null;
      })
      .catch(function () {
        // The hall's Wi-Fi dropped: try again at the next tick.
      })
      .then(function () {
        window.setTimeout(check, seconds * 1000);
      });
  }

  window.setTimeout(check, seconds * 1000);
})();
