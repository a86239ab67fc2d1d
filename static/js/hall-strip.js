// The round clock and the hall's announcement on a phone: the organiser's hall page and each referee's
// console. It asks for the same state as the hall's screen (one small JSON document, 304 while unchanged),
// less often, and counts the clock down in between. On a console it also shows the table's extra time, and
// once the time is up the rule: finish the game in play, start no other.
(function () {
  "use strict";
  var strip = document.querySelector("[data-hall-strip]");
  var source = document.getElementById("hall-strip-words");
  if (!strip || !source || !window.fetch || !window.HallClock) {
    return;
  }
  var words = JSON.parse(source.textContent);
  var url = strip.getAttribute("data-state-url");
  var seconds = parseInt(strip.getAttribute("data-seconds"), 10) || 15;
  var tableNumber = parseInt(strip.getAttribute("data-table"), 10) || null;
  var roundId = parseInt(strip.getAttribute("data-round"), 10) || null;
  var gamesPlayed = parseInt(strip.getAttribute("data-games-played"), 10) || 0;
  var etag = null;
  var state = null;

  function part(name) {
    return strip.querySelector("[data-strip-" + name + "]");
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) {
      return values[key] === undefined ? whole : values[key];
    });
  }

  // This console's table on the screen's round; none when the screen shows another round (table numbers
  // repeat from round to round), and then the round's clock is not this table's either.
  function ownTable() {
    if (!state || tableNumber === null || !state.round || state.round.id !== roundId) {
      return null;
    }
    for (var i = 0; i < state.tables.length; i += 1) {
      if (state.tables[i][0] === tableNumber) {
        return state.tables[i];
      }
    }
    return null;
  }

  function render() {
    if (!state) {
      return;
    }
    var own = ownTable();
    var extra = own && own[2] ? own[2] : 0;
    var clock = state.clock;
    var running = clock && clock.state !== "not-started" && (tableNumber === null || own);
    var left = running ? window.HallClock.secondsLeft(clock, extra) : null;
    part("clock").hidden = !running || left === null;
    if (running && left !== null) {
      part("time").textContent = window.HallClock.format(left);
      part("label").textContent = clock.state === "paused" ? words.paused : extra ? words.own_left : words.time_left;
      part("clock").classList.toggle("warning", left > 0 && left <= window.HallClock.WARNING);
    }
    var up = running && left !== null && left <= 0;
    part("up").hidden = !up;
    if (up) {
      var last = own && own[4] ? own[4] : gamesPlayed + 1;
      part("up").textContent = own && state.rule === "finish-game" && !own[1] ? fill(words.finish, { number: last }) : words.time_up;
    }
    part("extra").hidden = !(own && extra);
    if (own && extra) {
      part("extra").textContent = fill(words.extra, { minutes: extra, reason: own[3] || "" });
    }
    var announcement = state.announcement;
    part("announcement").hidden = !announcement;
    if (announcement) {
      part("announcement").textContent =
        words.announcement + ": " + [announcement.zh, announcement.en].filter(Boolean).join(" / ");
    }
    strip.hidden = part("clock").hidden && part("announcement").hidden && part("extra").hidden && part("up").hidden;
  }

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    window.HallClock.fetchWithin(url, { headers: headers, credentials: "same-origin" }, Math.max(5, seconds))
      .then(function (response) {
        window.HallClock.learn(response);
        if (response.status !== 200) {
          return null;
        }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) {
        if (data) {
          state = data;
        }
      })
      .catch(function () {
        // No network: the clock keeps counting from what it knew.
      })
      .then(function () {
        render();
        window.setTimeout(poll, seconds * 1000);
      });
  }

  window.setInterval(render, 1000);
  poll();
})();
