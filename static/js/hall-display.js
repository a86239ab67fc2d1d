// The hall's screen: asks for the state every few seconds with its ETag (a 304 while nothing changed),
// fetches the phase's panel (the draw, the results, the prizes) only when the state's stamp of it moves,
// counts the clock down every quarter second, and pages a list too long for the screen by itself. A lost
// connection changes nothing on the screen but a small note: the clock keeps counting from what it knew.
(function () {
  "use strict";
  var body = document.body;
  var stateUrl = body.getAttribute("data-state-url");
  var panelUrl = body.getAttribute("data-panel-url");
  var seconds = parseInt(body.getAttribute("data-seconds"), 10) || 4;
  var deadline = Math.max(3, seconds * 2); // a poll unanswered this long has failed
  var words = JSON.parse(document.getElementById("hall-words").textContent);
  var PAGE_SECONDS = 10;
  var etag = null;
  var state = null;
  var panelStamp = null;
  var failures = 0;
  var sounded = {};
  var panelPages = null;
  var tablePages = null;

  function $(selector) {
    return document.querySelector(selector);
  }

  function both(key) {
    return words[key].zh + " " + words[key].en;
  }

  function showOffline(offline) {
    $("[data-offline]").hidden = !offline;
  }

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    window.HallClock.fetchWithin(stateUrl, { headers: headers, credentials: "same-origin" }, deadline)
      .then(function (response) {
        window.HallClock.learn(response);
        if (response.status === 304) {
          return null;
        }
        if (!response.ok) {
          throw new Error("status " + response.status);
        }
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (data) {
        failures = 0;
        showOffline(false);
        if (data) {
          apply(data);
        }
      })
      .catch(function () {
        failures += 1;
        if (failures >= 2) {
          showOffline(true);
        }
      })
      .then(function () {
        window.setTimeout(poll, seconds * 1000);
      });
  }

  function phaseOf(mode) {
    return mode === "draw" || mode === "results" || mode === "prizes" ? "panel" : mode;
  }

  function apply(data) {
    var previous = state;
    state = data;
    body.setAttribute("data-mode", data.mode);
    var phase = phaseOf(data.mode);
    Array.prototype.forEach.call(document.querySelectorAll("[data-phase]"), function (section) {
      section.hidden = section.getAttribute("data-phase") !== phase;
    });
    $("[data-round-name]").textContent = data.round ? data.round.name : "";
    showAnnouncement(data.announcement);
    showTables(data);
    if (phase === "panel" && data.panel !== panelStamp) {
      loadPanel(data.panel, previous);
    }
    if (phase !== "panel") {
      panelStamp = null;
      panelPages = stopPaging(panelPages);
    }
    if (phase !== "play") {
      tablePages = stopPaging(tablePages);
    }
    tick();
  }

  function showAnnouncement(announcement) {
    var box = $("[data-announcement]");
    box.hidden = !announcement;
    $("[data-announcement-zh]").textContent = announcement ? announcement.zh : "";
    $("[data-announcement-en]").textContent = announcement ? announcement.en : "";
  }

  function showTables(data) {
    var list = $("[data-tables]");
    var playing = 0;
    var finished = 0;
    list.textContent = "";
    // Tables still playing first, then those finished: on a big round the screen pages through them.
    var ordered = data.tables.filter(function (table) {
      return !table[1];
    }).concat(data.tables.filter(function (table) {
      return table[1];
    }));
    ordered.forEach(function (table) {
      var item = document.createElement("li");
      item.className = table[1] ? "table-finished" : "table-playing";
      item.setAttribute("data-table", table[0]);
      var number = document.createElement("b");
      number.textContent = table[0];
      item.appendChild(number);
      if (table[2]) {
        var extra = document.createElement("small");
        extra.className = "extra";
        extra.textContent = "+" + table[2] + " " + words.minutes.en;
        item.appendChild(extra);
        var left = document.createElement("small");
        left.className = "extra-left";
        left.setAttribute("data-extra", table[2]);
        item.appendChild(left);
        if (table[3]) {
          item.title = table[3];
          var reason = document.createElement("small");
          reason.className = "reason";
          reason.textContent = table[3];
          item.appendChild(reason);
        }
      }
      if (table[1]) {
        finished += 1;
      } else {
        playing += 1;
      }
      list.appendChild(item);
    });
    $("[data-count-playing]").textContent = playing;
    $("[data-count-finished]").textContent = finished;
    $("[data-held]").hidden = !(data.held && playing === 0 && data.tables.length);
    tablePages = startPaging([list], tablePages);
  }

  function loadPanel(stamp, previous) {
    window.HallClock.fetchWithin(panelUrl + "?s=" + encodeURIComponent(stamp), { credentials: "same-origin" }, deadline * 4)
      .then(function (response) {
        window.HallClock.learn(response);
        if (!response.ok) {
          throw new Error("status " + response.status);
        }
        return response.text();
      })
      .then(function (html) {
        var panel = $("[data-panel]");
        panel.innerHTML = html;
        var shown = panel.firstElementChild;
        panelStamp = shown ? shown.getAttribute("data-panel-stamp") : stamp;
        panelPages = startPaging(Array.prototype.slice.call(panel.querySelectorAll("[data-paged]")), panelPages);
        if (state && state.mode === "prizes" && previous && previous.mode === "prizes") {
          window.HallSound.play("warning");
        }
      })
      .catch(function () {
        // Tried again with the next state that carries this stamp.
      });
  }

  // A list taller than the screen shows a page at a time, turning every few seconds. Each caller keeps its
  // own pager (the panel's lists, the tables during play); the footer says where each stands.
  function stopPaging(pager) {
    if (pager) {
      window.clearInterval(pager.timer);
      pager.indicator = "";
    }
    showPageIndicator();
    return null;
  }

  function showPageIndicator() {
    var shown = [panelPages, tablePages].filter(function (pager) {
      return pager && pager.indicator;
    }).map(function (pager) {
      return pager.indicator;
    });
    var box = $("[data-page-indicator]");
    box.hidden = !shown.length;
    box.textContent = shown.length ? both("page") + " " + shown.join(" · ") : "";
  }

  function startPaging(lists, previous) {
    stopPaging(previous);
    var paged = lists.map(function (list) {
      var items = Array.prototype.slice.call(list.children);
      items.forEach(function (item) {
        item.hidden = false;
      });
      var room = list.getBoundingClientRect().bottom;
      var fits = items.filter(function (item) {
        return item.getBoundingClientRect().bottom <= room + 1;
      }).length;
      return { items: items, size: Math.max(1, fits), page: 0 };
    });
    var many = paged.filter(function (entry) {
      return entry.items.length > entry.size;
    });
    if (!many.length) {
      return null;
    }
    var pager = { indicator: "", timer: null };
    function show() {
      var where = [];
      many.forEach(function (entry) {
        var pages = Math.ceil(entry.items.length / entry.size);
        entry.items.forEach(function (item, index) {
          item.hidden = Math.floor(index / entry.size) !== entry.page;
        });
        where.push(entry.page + 1 + " / " + pages);
      });
      pager.indicator = where.join(" · ");
      showPageIndicator();
    }
    show();
    pager.timer = window.setInterval(function () {
      many.forEach(function (entry) {
        entry.page = (entry.page + 1) % Math.ceil(entry.items.length / entry.size);
      });
      show();
    }, PAGE_SECONDS * 1000);
    return pager;
  }

  function sound(key, kind) {
    if (!sounded[key]) {
      sounded[key] = true;
      window.HallSound.play(kind);
    }
  }

  function tick() {
    var clockBox = $("[data-clock]");
    if (!state || !state.clock || state.clock.state === "not-started" || state.mode !== "play") {
      clockBox.hidden = true;
      $("[data-time-up]").hidden = true;
      return;
    }
    var left = window.HallClock.secondsLeft(state.clock, 0);
    clockBox.hidden = false;
    clockBox.setAttribute("data-state", state.clock.state);
    $("[data-clock-time]").textContent = window.HallClock.format(left);
    var up = left <= 0;
    var key = state.round.id + ":" + state.clock.ends_at;
    clockBox.classList.toggle("warning", !up && left <= window.HallClock.WARNING);
    clockBox.classList.toggle("up", up);
    var label = "time_left";
    if (state.clock.state === "paused") {
      label = "paused";
    } else if (up) {
      label = "time_up";
    } else if (left <= window.HallClock.WARNING) {
      label = "five_minutes";
    }
    $("[data-clock-zh]").textContent = words[label].zh;
    $("[data-clock-en]").textContent = words[label].en;
    if (state.clock.state === "running" && left <= window.HallClock.WARNING && left > window.HallClock.WARNING - 5) {
      sound("five:" + key, "warning");
    }
    if (up && left > -5) {
      sound("end:" + key, "end");
    }
    $("[data-time-up]").hidden = !up;
    Array.prototype.forEach.call(document.querySelectorAll("[data-rule]"), function (line) {
      line.hidden = state.rule !== "finish-game";
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-extra]"), function (box) {
      var own = window.HallClock.secondsLeft(state.clock, parseInt(box.getAttribute("data-extra"), 10));
      box.textContent = up && own > 0 ? window.HallClock.format(own) : "";
    });
  }

  var soundButton = $("[data-sound]");
  soundButton.addEventListener("click", function () {
    var on = window.HallSound.toggle();
    soundButton.setAttribute("aria-pressed", on ? "true" : "false");
    var key = on ? "sound_off" : "sound_on";
    soundButton.children[0].textContent = words[key].zh;
    soundButton.children[1].textContent = words[key].en;
  });

  window.setInterval(tick, 250);
  poll();
})();
