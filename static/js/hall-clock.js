// The round clock in the browser: the server sends moments (when the time ends, or the seconds left while
// paused), never a tick; this counts down from them. The server's own time comes from the Date header of
// each answer (a 304 included), so a projector's or a phone's clock set wrong does not move the count.
(function () {
  "use strict";
  var offset = 0;

  function learn(response) {
    var header = response && response.headers ? response.headers.get("Date") : null;
    var server = header ? Date.parse(header) : NaN;
    if (!isNaN(server)) {
      offset = server + 500 - Date.now(); // the header is to the second: take the middle of it
    }
  }

  function now() {
    return Date.now() + offset;
  }

  // Seconds left for the round (plus a table's extra minutes); null before the start. Negative once up.
  function secondsLeft(clock, extraMinutes) {
    if (!clock) {
      return null;
    }
    var extra = (extraMinutes || 0) * 60;
    if (clock.state === "paused") {
      return clock.left + extra;
    }
    if ((clock.state === "running" || clock.state === "ended") && clock.ends_at) {
      return Math.ceil((Date.parse(clock.ends_at) - now()) / 1000) + extra;
    }
    return null;
  }

  function format(seconds) {
    var left = Math.max(0, seconds);
    var hours = Math.floor(left / 3600);
    var minutes = Math.floor((left % 3600) / 60);
    var rest = left % 60;
    var text = (rest < 10 ? "0" : "") + rest;
    if (hours) {
      return hours + ":" + (minutes < 10 ? "0" : "") + minutes + ":" + text;
    }
    return minutes + ":" + text;
  }

  // A request that gives up after `seconds`: when the hall's laptop loses its network a request may get no
  // answer at all, and the next poll waits for this one.
  function fetchWithin(url, options, seconds) {
    if (!window.AbortController) {
      return window.fetch(url, options);
    }
    var controller = new AbortController();
    var timer = window.setTimeout(function () {
      controller.abort();
    }, seconds * 1000);
    var asked = Object.assign({}, options, { signal: controller.signal });
    return window.fetch(url, asked).then(
      function (response) {
        window.clearTimeout(timer);
        return response;
      },
      function (error) {
        window.clearTimeout(timer);
        throw error;
      }
    );
  }

  window.HallClock = {
    learn: learn,
    now: now,
    secondsLeft: secondsLeft,
    format: format,
    fetchWithin: fetchWithin,
    WARNING: 300,
  };
})();
