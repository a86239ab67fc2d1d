// The public standings stay fresh without reloading the page (which would throw the reader back to the top):
// every few seconds ask whether the table changed (its ETag), and only then swap the new one in, keeping the
// scroll where it was. Without this script the page's "Refresh now" link does the same by hand.
(function () {
  "use strict";
  var box = document.querySelector("[data-standings-fragment]");
  if (!box || !window.fetch) {
    return;
  }
  var url = box.getAttribute("data-standings-fragment");
  var etag = box.getAttribute("data-etag");
  var seconds = parseInt(box.getAttribute("data-refresh-seconds"), 10) || 15;
  var shownAt = document.querySelector("[data-shown-at]");

  function twoDigits(number) {
    return (number < 10 ? "0" : "") + number;
  }

  function stamp() {
    if (shownAt) {
      var now = new Date();
      var time = twoDigits(now.getHours()) + ":" + twoDigits(now.getMinutes());
      shownAt.textContent = shownAt.textContent.replace(/\d\d:\d\d/, time);
    }
  }

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
          return response.text().then(function (html) {
            swap(html);
            stamp();
          });
        }
        if (response.status === 304) {
          stamp();
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
