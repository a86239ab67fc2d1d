/* The table page, enhanced: a running rack total as tiles are typed, a live preview of the engine's scores
   (saying so when it is out of date), inputs shown only when they apply, drafts kept on the phone as they
   are typed, and saves that survive the hall's Wi-Fi: a save goes through the queue (table-queue.js) and
   the page moves on to the next game at once. Without this script every form still works. */
(function () {
  "use strict";

  var T = window.TableRef || {};
  var pointsElement = document.getElementById("tile-points");
  var POINTS = pointsElement ? JSON.parse(pointsElement.textContent) : {};
  var wordsElement = document.getElementById("console-words");
  var WORDS = wordsElement ? JSON.parse(wordsElement.textContent) : {};
  var PREVIEW_DELAY = 450;
  var consoleRoot = document.getElementById("console");
  var store = consoleRoot && T.TableStore ? new T.TableStore(consoleRoot.dataset.user, consoleRoot.dataset.table) : null;
  var queue = null;
  var awaiting = null;

  /* What a referee types, split as the engine splits it (scoring/lexer.py): spaces and commas (, ， 、)
     optional, Chinese colour and joker names read as letters. NFKC folds a Chinese keyboard's full-width
     letters and digits to ASCII. */
  var COLOUR_NAMES = { "紅": "R", "红": "R", "黑": "K", "藍": "B", "蓝": "B", "黃": "Y", "黄": "Y", "橙": "Y",
    "綠": "G", "绿": "G", "紫": "P" };
  var JOKER_NAMES = [["一般百搭", "J"], ["雙人百搭", "D"], ["双人百搭", "D"], ["變色百搭", "C"], ["变色百搭", "C"],
    ["鏡射百搭", "M"], ["镜射百搭", "M"], ["百搭", "J"]];

  function nameAt(text, position) {
    for (var index = 0; index < JOKER_NAMES.length; index += 1) {
      var name = JOKER_NAMES[index][0];
      if (text.substr(position, name.length) === name) {
        var length = name.length + (text.charAt(position + name.length) === "牌" ? 1 : 0);
        return { letter: JOKER_NAMES[index][1], length: length, colour: false };
      }
    }
    var letter = COLOUR_NAMES[text.charAt(position)];
    if (letter) {
      return { letter: letter, length: text.charAt(position + 1) === "色" ? 2 : 1, colour: true };
    }
    return null;
  }

  function tokens(text) {
    var plain = (text.normalize ? text.normalize("NFKC") : text).toUpperCase();
    var found = [], position = 0;
    function separator(at) { return /[\s,、]/.test(plain.charAt(at)); }
    function other(at) { return at < plain.length && !separator(at) && !/[A-Z]/.test(plain.charAt(at)) && !nameAt(plain, at); }
    while (position < plain.length) {
      if (separator(position)) { position += 1; continue; }
      var head = "", name = nameAt(plain, position), character = plain.charAt(position);
      if (name) {
        head = name.letter;
        position += name.length;
        if (name.colour && /[SRD]/.test(plain.charAt(position))) { head += plain.charAt(position); position += 1; }
      } else if (/[RGBY]/.test(character) && /[SRD]/.test(plain.charAt(position + 1))) {
        head = plain.substr(position, 2);
        position += 2;
      } else if (/[A-Z]/.test(character)) {
        head = character;
        position += 1;
      }
      while (other(position)) { head += plain.charAt(position); position += 1; }
      if (head) { found.push(head); }
    }
    return found;
  }

  function rackTotal(text) {
    var total = 0, unknown = [], typed = tokens(text);
    typed.forEach(function (token) {
      if (Object.prototype.hasOwnProperty.call(POINTS, token)) { total += POINTS[token]; }
      else { unknown.push(token); }
    });
    return { total: total, unknown: unknown, count: typed.length };
  }

  function showTotal(input) {
    var line = input.closest(".rack-line");
    var output = line ? line.querySelector("output.rack-total") : null;
    if (!output) { return; }
    var found = rackTotal(input.value);
    output.textContent = found.count ? "= " + found.total + (found.unknown.length ? "  ? " + found.unknown.join(" ") : "") : "";
    output.classList.toggle("unknown", found.unknown.length > 0);
  }

  function checkedValue(form, name) {
    var checked = form.querySelector('input[name="' + name + '"]:checked');
    return checked ? checked.value : "";
  }

  function arrangeGameForm(form) {
    var pool = checkedValue(form, "ending") === "pool-exhausted";
    form.classList.add("enhanced");
    form.classList.toggle("pool", pool);
    if (pool) {
      form.querySelectorAll('input[name="went_out"]').forEach(function (radio) { radio.checked = false; });
    }
    var out = checkedValue(form, "went_out");
    form.querySelectorAll("fieldset.hand").forEach(function (hand) {
      var isOut = hand.dataset.seat === out;
      if (isOut && !hand.classList.contains("is-out")) {
        /* Marked as gone out: whatever was typed for this player no longer applies. */
        hand.querySelectorAll("input.tiles, input.rack-value").forEach(function (input) { input.value = ""; showTotal(input); });
      }
      hand.classList.toggle("is-out", isOut);
      var meld = hand.querySelector('input[type="checkbox"][name^="made_initial_meld_"]');
      hand.classList.toggle("melded", !!meld && meld.checked);
    });
  }

  function clearLiveErrors(form) {
    form.querySelectorAll("ul.errorlist.live").forEach(function (list) { list.remove(); });
  }

  function showLiveErrors(form, errors, touched) {
    clearLiveErrors(form);
    var hidden = 0;
    Object.keys(errors).forEach(function (name) {
      var list = document.createElement("ul");
      list.className = "errorlist live";
      errors[name].forEach(function (message) {
        var item = document.createElement("li");
        item.textContent = message;
        list.appendChild(item);
      });
      if (name === "__all__") {
        /* About the game as a whole: above the form, where the page shows it after a save. */
        list.setAttribute("role", "alert");
        form.insertBefore(list, form.querySelector("fieldset, div"));
        return;
      }
      var field = form.querySelector('[name="' + name + '"]');
      if (!field || !(touched === true || touched[name])) { hidden += 1; return; }
      field.closest("div, fieldset").insertBefore(list, field);
    });
    return hidden;
  }

  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }

  function showStale(box, stale) {
    if (!box) { return; }
    box.classList.toggle("stale", stale);
    var note = box.querySelector(".stale-note");
    if (stale && !note && box.children.length) {
      note = document.createElement("p");
      note.className = "stale-note";
      note.setAttribute("role", "status");
      note.textContent = WORDS.preview_stale || "";
      box.insertBefore(note, box.firstChild);
    } else if (!stale && note) {
      note.remove();
    }
  }

  function postPreview(form, action, box, done) {
    var body = new FormData(form);
    body.set("action", action);
    fetch(form.dataset.previewUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch", "X-CSRFToken": csrfToken() }
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return response.ok && json ? response.json() : null;
    }).then(function (answer) {
      /* No answer (no network, or the session ended): what the box shows no longer matches the form. */
      showStale(box, !answer);
      if (answer) { done(answer); }
    }).catch(function () { showStale(box, true); });
  }

  /* ---- The game form's identity: which game, which version, which submission. ---- */

  function formKey(form) {
    if (form.classList.contains("incident-entry")) { return "incident"; }
    var number = form.elements.game_number ? form.elements.game_number.value : "";
    var version = form.elements.version ? form.elements.version.value : "";
    return "game:" + number + ":" + (version || "new");
  }

  function setGameIdentity(form, number, version, submission) {
    form.elements.game_number.value = number;
    form.elements.version.value = version || "";
    form.elements.submission.value = submission;
    var correcting = !!version;
    var title = document.querySelector("#entry .entry-title");
    var button = form.querySelector("button[value='save-game']");
    var fill = function (template) { return (template || "").replace("__N__", number); };
    if (title) { title.textContent = fill(correcting ? form.dataset.titleCorrect : form.dataset.titleNew); }
    if (button) { button.textContent = fill(correcting ? form.dataset.saveCorrect : form.dataset.saveNew); }
    document.querySelectorAll("[data-game-number]").forEach(function (element) { element.dataset.gameNumber = number; });
    var reason = form.querySelector(".reason-line");
    if (reason) { reason.hidden = !correcting && !form.dataset.needsReason; }
  }

  function keepDraft(form) {
    if (store) { store.saveDraft(formKey(form), T.fieldsOf(form)); }
  }

  function refreshForm(form) {
    form.querySelectorAll("input.tiles").forEach(showTotal);
    arrangeGameForm(form);
  }

  function restoreDraft(form) {
    var draft = store ? store.draft(formKey(form)) : null;
    if (!draft || form.dataset.bound === "yes") { return false; }
    T.fillForm(form, draft.fields);
    return true;
  }

  function blankGame(form) {
    Array.prototype.forEach.call(form.elements, function (element) {
      if (!element.name || element.type === "hidden" || element.type === "submit") { return; }
      if (element.type === "checkbox") { element.checked = element.defaultChecked || element.name.indexOf("made_initial_meld_") === 0; }
      else if (element.type === "radio") { element.checked = element.name === "ending" && element.value === "went-out"; }
      else if (element.tagName === "SELECT") { element.selectedIndex = 0; }
      else { element.value = ""; }
    });
    clearLiveErrors(form);
    var conflict = form.querySelector(".conflict-box");
    if (conflict) { conflict.textContent = ""; }
    form.querySelectorAll(".errorlist").forEach(function (list) { list.remove(); });
  }

  function highestGame() {
    var highest = parseInt(consoleRoot.dataset.gamesPlayed, 10) || 0;
    (queue ? queue.entries() : []).forEach(function (entry) {
      if (entry.kind === "game" && !entry.version) { highest = Math.max(highest, entry.number); }
    });
    return highest;
  }

  /* The next game's form, at once: the referee enters games one after another, whatever the network. */
  function moveToNextGame(form) {
    var next = highestGame() + 1;
    var required = parseInt(consoleRoot.dataset.gamesRequired, 10);
    form.classList.remove("sending");
    delete form.dataset.sending;
    form.dataset.bound = "no";
    var section = document.getElementById("entry");
    if (required && next > required) {
      if (section) { section.classList.add("all-entered"); }
      return;
    }
    blankGame(form);
    setGameIdentity(form, String(next), "", T.newKey());
    restoreDraft(form);
    refreshForm(form);
    var box = document.getElementById("preview");
    if (box) { box.textContent = ""; }
    offerInPlay(next);
    if (section) { section.scrollIntoView({ block: "start" }); }
  }

  /* The incident form and the timer record incidents of the game being played: keep its number current. */
  function offerInPlay(number) {
    var select = document.querySelector("form.incident-entry select[name='game']");
    if (!select) { return; }
    var played = parseInt(consoleRoot.dataset.gamesPlayed, 10) || 0;
    Array.prototype.slice.call(select.options).forEach(function (option) {
      if (parseInt(option.value, 10) > played || !option.value) { option.remove(); }
    });
    for (var waiting = played + 1; waiting < number; waiting += 1) {
      select.add(new Option(T.fill(WORDS.game, { n: waiting }), String(waiting)));
    }
    var label = (select.dataset.inPlayLabel || "").replace("__N__", number);
    select.add(new Option(label, String(number), true, true));
  }

  function reloadAt(anchor) {
    /* The page opens at the anchor, not where the old page was scrolled to: after the last game the page above
       the sign-off is shorter, and the browser's restored scroll showed the history instead. */
    if ("scrollRestoration" in history) { history.scrollRestoration = "manual"; }
    history.replaceState(null, "", window.location.pathname + "#" + anchor);
    window.location.reload();
  }

  /* ---- The queue's answers. ---- */

  function gameForm() { return document.querySelector("form.game-entry"); }
  function incidentForm() { return document.querySelector("form.incident-entry"); }

  function openEntry(entry) {
    var form = entry.kind === "game" ? gameForm() : incidentForm();
    if (!form) { return; }
    var values = entry.values || entry.fields;
    T.fillForm(form, values);
    if (entry.kind === "game") {
      setGameIdentity(form, String(values.game_number), values.version || "", values.submission || T.newKey());
      var conflict = form.querySelector(".conflict-box");
      if (conflict) { conflict.innerHTML = entry.conflictHtml || ""; }
      form.classList.remove("sending");
      delete form.dataset.sending;
      refreshForm(form);
      var section = document.getElementById("entry");
      if (section) { section.classList.remove("all-entered"); section.scrollIntoView({ block: "start" }); }
    } else {
      var details = form.closest("details");
      if (details) { details.open = true; }
      form.classList.remove("sending");
      delete form.dataset.sending;
    }
    showLiveErrors(form, entry.errors || {}, true);
    keepDraft(form);
  }

  /* The page reloads (to show the server's sheet) after a save the referee is waiting for, or once the queue
     is empty and nothing is being typed; an overtime from the timer never reloads in the middle of a turn. */
  function saved(entry) {
    if (entry.immediate) {
      reloadAt(entry.kind === "incident" ? "incidents" : "entry");
    } else if (entry.kind === "game" && queue.pending().length === 0 && !formTouched()) {
      reloadAt("entry");
    }
  }

  /* The save the referee just made will not go now (no network, or an earlier save went wrong): the form
     moves on, and the save waits in the list. */
  function moveOn() {
    if (!awaiting) { return; }
    var kind = awaiting.kind;
    awaiting = null;
    var form = kind === "game" ? gameForm() : incidentForm();
    if (form && kind === "game") { moveToNextGame(form); }
    if (form && kind === "incident") { resetIncident(form); }
  }

  function waiting() { moveOn(); }

  function refused(entry) {
    if (awaiting && awaiting.id === entry.id) {
      awaiting = null;
      openEntry(entry);
    } else {
      moveOn();
    }
  }

  function formTouched() {
    var form = gameForm();
    if (!form) { return false; }
    return Array.prototype.some.call(form.querySelectorAll("input.tiles, input.rack-value"), function (input) { return input.value.trim(); });
  }

  function resetIncident(form) {
    if (store) { store.dropDraft("incident"); }
    ["seat", "tiles_left_over", "table_tiles", "note", "reason"].forEach(function (name) {
      var field = form.elements[name];
      if (field && field.tagName !== "SELECT") { field.value = ""; }
    });
    form.elements.submission.value = T.newKey();
    form.classList.remove("sending");
    delete form.dataset.sending;
    var details = form.closest("details");
    if (details) { details.open = false; }
  }

  function labelOf(form, fields) {
    if (form.classList.contains("game-entry")) {
      return T.fill(fields.version ? WORDS.correction : WORDS.game, { n: fields.game_number });
    }
    var kind = form.elements.kind, seat = form.elements.seat;
    var parts = [T.fill(WORDS.incident, { n: fields.game })];
    if (kind && kind.selectedOptions[0]) { parts.push(kind.selectedOptions[0].textContent); }
    if (seat && seat.selectedOptions[0]) { parts.push(seat.selectedOptions[0].textContent); }
    return parts.join(" · ");
  }

  function enqueue(form) {
    var fields = T.fieldsOf(form);
    var entry = {
      id: fields.submission || T.newKey(),
      kind: form.classList.contains("game-entry") ? "game" : "incident",
      number: parseInt(form.classList.contains("game-entry") ? fields.game_number : fields.game, 10) || 0,
      version: fields.version || "",
      label: labelOf(form, fields),
      fields: fields
    };
    fields.submission = entry.id;
    if (store) { store.dropDraft(formKey(form)); }
    awaiting = { id: entry.id, kind: entry.kind };
    form.classList.add("sending");
    queue.add(entry, { immediate: navigator.onLine !== false });
  }

  /* ---- Watching the forms. ---- */

  function watchGameForm(form) {
    var box = document.getElementById("preview");
    var touched = {}, timer = null;
    var waitingText = box ? box.dataset.waiting || "" : "";
    function refresh() {
      postPreview(form, "preview-game", box, function (answer) {
        var hidden = showLiveErrors(form, answer.errors || {}, touched);
        if (!box) { return; }
        if (answer.html.trim()) { box.innerHTML = answer.html; }
        else if (hidden) { box.innerHTML = '<p class="hint"></p>'; box.firstChild.textContent = waitingText; }
      });
    }
    function changed(event) {
      if (event.target.name) { touched[event.target.name] = true; }
      if (event.target.classList.contains("tiles")) { showTotal(event.target); }
      arrangeGameForm(form);
      keepDraft(form);
      clearTimeout(timer);
      timer = setTimeout(refresh, PREVIEW_DELAY);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    if (restoreDraft(form)) { timer = setTimeout(refresh, PREVIEW_DELAY); }
    refreshForm(form);
    form.addEventListener("click", function (event) {
      var choice = event.target.closest("button[data-choose]");
      if (!choice) { return; }
      var row = choice.closest("[data-field]");
      var values = JSON.parse(row.dataset.values);
      T.fillForm(form, (function () { var one = {}; one[row.dataset.field] = values[choice.dataset.choose]; return one; })());
      row.querySelectorAll("button[data-choose]").forEach(function (button) {
        button.setAttribute("aria-pressed", button === choice ? "true" : "false");
      });
      form.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  function arrangeIncidentForm(form) {
    var kind = form.querySelector('[name="kind"]');
    var restoreKinds = (form.dataset.restoreKinds || "").split(" ");
    var countKinds = (form.dataset.countKinds || "").split(" ");
    form.classList.add("enhanced");
    form.classList.toggle("restore", restoreKinds.indexOf(kind.value) >= 0);
    form.classList.toggle("counted", countKinds.indexOf(kind.value) >= 0);
  }

  function watchIncidentForm(form) {
    var box = document.getElementById("restore-preview");
    var timer = null;
    var tiles = form.querySelector("textarea.tiles");
    function refresh() {
      if (!tiles || !tiles.value.trim() || !form.classList.contains("restore")) { return; }
      postPreview(form, "preview-restore", box, function (answer) {
        if (box) { box.innerHTML = answer.html; }
        showLiveErrors(form, answer.errors || {}, { table_tiles: true });
      });
    }
    form.addEventListener("input", function (event) {
      keepDraft(form);
      if (event.target === tiles) {
        var output = form.querySelector("output.tile-count");
        var typed = rackTotal(tiles.value).count;
        if (output) { output.textContent = typed ? (output.dataset.unit || "") + " " + typed : ""; }
        clearTimeout(timer);
        timer = setTimeout(refresh, PREVIEW_DELAY * 2);
      }
    });
    form.addEventListener("change", function () { keepDraft(form); arrangeIncidentForm(form); });
    if (form.dataset.bound !== "yes" && store && store.draft("incident")) {
      var submission = form.elements.submission.value;
      T.fillForm(form, store.draft("incident").fields);
      if (!form.elements.submission.value) { form.elements.submission.value = submission; }
    }
    arrangeIncidentForm(form);
  }

  /* A double click (or an impatient second tap) sends the form once; the server also stores it once.
     With the console, a game or an incident goes through the queue instead of leaving the page. */
  function guardSaves(form) {
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || !button.classList.contains("save")) { return; }
      if (form.dataset.sending) { event.preventDefault(); return; }
      var queued = queue && (button.value === "save-game" || button.value === "record-incident");
      if (form.classList.contains("sign-off") && queue && queue.pending().length) {
        event.preventDefault();
        banner(T.fill(WORDS.sign_off_waiting, { count: queue.pending().length }));
        return;
      }
      if (!queued && navigator.onLine === false) { return; }
      form.dataset.sending = "yes";
      form.classList.add("sending");
      if (queued) { event.preventDefault(); enqueue(form); }
    });
  }

  /* ---- Offline: say so, and keep forms that need the server from leaving the page. ---- */

  function banner(text) {
    var element = consoleRoot ? consoleRoot.querySelector(".offline-banner") : null;
    if (!element) { return; }
    element.textContent = text;
    element.hidden = !text;
  }

  function watchNetwork() {
    function changed() {
      banner(navigator.onLine === false ? WORDS.offline || "" : "");
      if (navigator.onLine !== false && queue) { queue.pump(); }
    }
    window.addEventListener("online", changed);
    window.addEventListener("offline", changed);
    if (navigator.onLine === false) {
      /* Shown from the copy kept on the phone: its messages belong to an earlier visit. */
      document.querySelectorAll(".messages").forEach(function (list) { list.hidden = true; });
    }
    changed();
    document.addEventListener("submit", function (event) {
      if (navigator.onLine !== false || event.defaultPrevented) { return; }
      var button = event.submitter;
      var queued = button && (button.value === "save-game" || button.value === "record-incident") && queue;
      if (queued || event.target.classList.contains("logout")) { return; }
      event.preventDefault();
      banner(WORDS.offline_action || "");
    });
  }

  function forgetSignedOff() {
    var entries = store.queue();
    if (entries.length) {
      var labels = entries.map(function (entry) { return entry.label; }).join(", ");
      banner(T.fill(WORDS.discarded, { labels: labels }));
    }
    store.forget();
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ forget: window.location.pathname });
    }
  }

  function startConsole() {
    if (!consoleRoot || !store || !T.Queue) { return; }
    if (consoleRoot.dataset.signedOff === "yes") { forgetSignedOff(); return; }
    queue = new T.Queue({
      store: store,
      url: consoleRoot.dataset.submitUrl,
      csrf: csrfToken,
      words: WORDS,
      list: consoleRoot.querySelector(".queue-list"),
      onSaved: saved,
      onWaiting: waiting,
      onRefused: refused,
      onOpen: openEntry
    });
    var form = gameForm();
    if (form && !form.elements.version.value && highestGame() >= parseInt(form.elements.game_number.value, 10)) {
      /* This page was kept before the queued games were saved: carry on after them. */
      moveToNextGame(form);
    }
    var pad = document.getElementById("tile-pad");
    if (pad && T.TilePad) { new T.TilePad(pad, WORDS); }
    var timer = document.getElementById("turn-timer");
    if (timer && T.TurnTimer) {
      new T.TurnTimer(timer, { words: WORDS, store: store, onOvertime: recordOvertime });
    }
    queue.render();
    queue.pump();
  }

  function recordOvertime(seat) {
    var form = gameForm(), timer = document.getElementById("turn-timer");
    var number = form && !form.elements.version.value ? form.elements.game_number.value : timer.dataset.gameNumber;
    var fields = { game: number, seat: seat.letter, kind: timer.dataset.kind, submission: T.newKey(),
      tiles_left_over: "", note: "", reason: "" };
    queue.add({
      id: fields.submission, kind: "incident", number: parseInt(number, 10), version: "",
      label: T.fill(WORDS.incident, { n: number }) + " · " + timer.dataset.kindLabel + " · " + seat.short,
      fields: fields
    }, { immediate: false });
    var note = timer.querySelector(".timer-note");
    if (note) { note.textContent = T.fill(WORDS.overtime_saved, { seat: seat.short }); }
  }

  startConsole();
  document.querySelectorAll("form.game-entry").forEach(function (form) { watchGameForm(form); guardSaves(form); });
  document.querySelectorAll("form.incident-entry").forEach(function (form) { watchIncidentForm(form); guardSaves(form); });
  document.querySelectorAll("form.sign-off").forEach(guardSaves);
  if (consoleRoot) { watchNetwork(); }
  /* After a reload the page opens where the referee goes on: the next game's form, or the incidents. */
  var anchor = window.location.hash && document.getElementById(window.location.hash.slice(1));
  if (anchor) { anchor.scrollIntoView({ block: "start" }); }
})();
