/* The queue of saves: every game or incident the referee saves goes here first (kept on the phone by
   table-store.js) and is sent to the server in order; it leaves the queue only when the server has answered
   it. A send that gets no answer (no network, a lost answer) stays and is sent again with the same
   submission key, so the server stores it once. The page lists what waits, what was refused and why.

   An entry: {id, kind: "game" | "incident", number, version, label, fields, state, message, errors,
   values, conflictHtml}; state is "waiting", "sending", "refused", "conflict" or "signed-out". */
(function () {
  "use strict";

  var SEND_TIMEOUT_MS = 12000;
  var RETRY_MS = 15000;

  function fill(text, values) {
    return String(text).replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? values[name] : whole;
    });
  }

  function Queue(options) {
    this.store = options.store;
    this.url = options.url;
    this.csrf = options.csrf;
    this.words = options.words;
    this.list = options.list;
    this.onSaved = options.onSaved || function () {};
    this.onRefused = options.onRefused || function () {};
    this.onOpen = options.onOpen || function () {};
    this.onWaiting = options.onWaiting || function () {};
    this.busy = false;
    this.timer = null;
    var queue = this;
    /* A send cut short by a closed page left its entry "sending": it goes out again. */
    this.save(this.entries().map(function (entry) {
      if (entry.state === "sending") { entry.state = "waiting"; }
      return entry;
    }));
    window.addEventListener("online", function () { queue.pump(); });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { queue.pump(); }
    });
    if (this.list) {
      this.list.addEventListener("click", function (event) { queue.clicked(event); });
    }
  }

  Queue.prototype.entries = function () { return this.store.queue(); };
  Queue.prototype.save = function (entries) { this.store.saveQueue(entries); this.render(); };

  Queue.prototype.add = function (entry, options) {
    entry.state = "waiting";
    entry.immediate = !!(options && options.immediate);
    /* A game saved again (after a refusal, or a new version) replaces what waited for the same game. */
    var kept = this.entries().filter(function (other) {
      if (other.id === entry.id) { return false; }  /* an opened refusal, saved again */
      return !(entry.kind === "game" && other.kind === "game" && other.number === entry.number &&
               other.state !== "sending");
    });
    kept.push(entry);
    this.save(kept);
    this.pump();
  };

  Queue.prototype.update = function (id, change) {
    this.save(this.entries().map(function (entry) {
      if (entry.id === id) { change(entry); }
      return entry;
    }));
  };

  Queue.prototype.remove = function (id) {
    this.save(this.entries().filter(function (entry) { return entry.id !== id; }));
  };

  Queue.prototype.blockedBy = function (entry, entries) {
    /* A later game (or its incidents) waits while an earlier game is refused: the server would refuse
       game 3 before game 2 is in. */
    var blocker = null;
    entries.forEach(function (other) {
      if (other.kind === "game" && (other.state === "refused" || other.state === "conflict") &&
          other.id !== entry.id && other.number < entry.number && (!blocker || other.number < blocker)) {
        blocker = other.number;
      }
    });
    return blocker;
  };

  Queue.prototype.next = function () {
    var entries = this.entries(), queue = this;
    return entries.filter(function (entry) {
      return (entry.state === "waiting" || entry.state === "signed-out") && !queue.blockedBy(entry, entries);
    })[0] || null;
  };

  Queue.prototype.pending = function () {
    return this.entries().filter(function (entry) { return entry.state !== "refused" && entry.state !== "conflict"; });
  };

  Queue.prototype.pump = function () {
    if (this.busy) { return; }
    var entry = this.next();
    clearTimeout(this.timer);
    if (!entry) { this.render(); return; }
    this.send(entry);
  };

  Queue.prototype.retryLater = function () {
    var queue = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { queue.pump(); }, RETRY_MS);
  };

  Queue.prototype.send = function (entry) {
    var queue = this;
    var controller = window.AbortController ? new AbortController() : null;
    var stop = setTimeout(function () { if (controller) { controller.abort(); } }, SEND_TIMEOUT_MS);
    this.busy = true;
    this.update(entry.id, function (stored) { stored.state = "sending"; });
    var extra = { action: entry.kind === "game" ? "save-game" : "record-incident" };
    if (entry.immediate) { extra.reload = "1"; }
    fetch(this.url, {
      method: "POST",
      body: window.TableRef.formData(entry.fields, extra),
      credentials: "same-origin",
      headers: { "X-CSRFToken": this.csrf(), "X-Requested-With": "fetch", "Accept": "application/json" },
      signal: controller ? controller.signal : undefined
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return (json ? response.json() : Promise.resolve(null)).then(function (answer) {
        return { status: response.status, answer: answer };
      });
    }).then(function (reply) {
      clearTimeout(stop);
      queue.busy = false;
      queue.answered(entry, reply.status, reply.answer);
    }).catch(function () {
      clearTimeout(stop);
      queue.busy = false;
      queue.update(entry.id, function (stored) { stored.state = "waiting"; stored.immediate = false; });
      queue.retryLater();
      queue.onWaiting(entry);
    });
  };

  Queue.prototype.answered = function (entry, status, answer) {
    var state = answer && answer.state;
    if (state === "saved") {
      this.store.addRecent(entry.label);
      this.remove(entry.id);
      this.onSaved(entry, answer);
      this.pump();
      return;
    }
    if (state === "signed-out" || (!answer && status >= 500)) {
      /* Logged out, or the server is down: it waits, and goes when the referee logs in or the server is up. */
      this.update(entry.id, function (stored) {
        stored.state = state === "signed-out" ? "signed-out" : "waiting";
        stored.message = answer ? answer.message : "";
        stored.immediate = false;
      });
      this.retryLater();
      this.onWaiting(entry);
      return;
    }
    this.update(entry.id, function (stored) {
      stored.state = state === "conflict" ? "conflict" : "refused";
      stored.message = (answer && answer.message) || "";
      stored.errors = (answer && answer.errors) || {};
      stored.values = (answer && answer.values) || null;
      stored.conflictHtml = (answer && answer.conflict_html) || "";
    });
    var refused = this.entries().filter(function (stored) { return stored.id === entry.id; })[0];
    this.onRefused(refused || entry, answer);
    this.pump();
  };

  Queue.prototype.clicked = function (event) {
    var button = event.target.closest("button[data-entry]");
    if (!button) { return; }
    var id = button.dataset.entry;
    var entry = this.entries().filter(function (stored) { return stored.id === id; })[0];
    if (button.dataset.do === "send") { this.pump(); }
    if (!entry) { return; }
    if (button.dataset.do === "open") { this.onOpen(entry); }
    if (button.dataset.do === "discard") { this.remove(id); this.pump(); }
  };

  Queue.prototype.stateText = function (entry, entries) {
    var words = this.words;
    var blocker = this.blockedBy(entry, entries);
    if (blocker) { return fill(words.blocked, { n: blocker }); }
    if (entry.state === "sending") { return words.sending; }
    if (entry.state === "signed-out") { return words.signed_out; }
    if (entry.state === "conflict") { return words.conflict; }
    if (entry.state === "refused") { return words.refused + (entry.message ? ": " + entry.message : ""); }
    return words.waiting;
  };

  function button(label, action, id, kind) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = kind || "link";
    element.dataset.entry = id;
    element.dataset.do = action;
    element.textContent = label;
    return element;
  }

  Queue.prototype.render = function () {
    if (!this.list) { return; }
    var entries = this.entries(), queue = this, words = this.words;
    var box = this.list.closest(".console-status");
    this.list.textContent = "";
    var recent = this.store.recent();
    recent.forEach(function (done) {
      var item = document.createElement("li");
      item.className = "state-saved";
      item.textContent = done.label + " · " + words.saved;
      queue.list.appendChild(item);
    });
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.className = "state-" + entry.state;
      item.dataset.entry = entry.id;
      var text = document.createElement("span");
      text.textContent = entry.label + " · " + queue.stateText(entry, entries);
      item.appendChild(text);
      if (entry.state === "refused" || entry.state === "conflict") {
        item.appendChild(button(words.open, "open", entry.id));
        item.appendChild(button(words.discard, "discard", entry.id, "link danger"));
      } else if (entry.state === "waiting" || entry.state === "signed-out") {
        item.appendChild(button(words.send_now, "send", entry.id));
      }
      queue.list.appendChild(item);
    });
    if (box) { box.hidden = !entries.length && !recent.length; }
  };

  window.TableRef = window.TableRef || {};
  window.TableRef.Queue = Queue;
  window.TableRef.fill = fill;
})();
