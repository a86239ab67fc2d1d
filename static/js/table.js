/* The table page, enhanced: a running rack total as tiles are typed, a live preview of the engine's scores,
   inputs shown only when they apply, and one save per click. Without this script every form still works. */
(function () {
  "use strict";

  var pointsElement = document.getElementById("tile-points");
  var POINTS = pointsElement ? JSON.parse(pointsElement.textContent) : {};
  var PREVIEW_DELAY = 450;

  function tokens(text) {
    // NFKC folds a Chinese keyboard's full-width letters and digits to ASCII, as the server reads them.
    var plain = text.normalize ? text.normalize("NFKC") : text;
    return plain.trim().toUpperCase().split(/\s+/).filter(function (token) { return token; });
  }

  function rackTotal(text) {
    var total = 0, unknown = [];
    tokens(text).forEach(function (token) {
      if (Object.prototype.hasOwnProperty.call(POINTS, token)) { total += POINTS[token]; }
      else { unknown.push(token); }
    });
    return { total: total, unknown: unknown, count: tokens(text).length };
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
      if (!field || !touched[name]) { hidden += 1; return; }
      field.closest("div, fieldset").insertBefore(list, field);
    });
    return hidden;
  }

  function postPreview(form, action, done) {
    var body = new FormData(form);
    body.set("action", action);
    fetch(form.dataset.previewUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" }
    }).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (answer) {
      if (answer) { done(answer); }
    }).catch(function () { /* offline for a moment: the Preview button still works */ });
  }

  function watchGameForm(form) {
    var box = document.getElementById("preview");
    var touched = {}, timer = null;
    var waiting = box ? box.dataset.waiting || "" : "";
    function refresh() {
      postPreview(form, "preview-game", function (answer) {
        var hidden = showLiveErrors(form, answer.errors || {}, touched);
        if (!box) { return; }
        if (answer.html.trim()) { box.innerHTML = answer.html; }
        else if (hidden) { box.innerHTML = '<p class="hint">' + waiting + "</p>"; }
      });
    }
    function changed(event) {
      if (event.target.name) { touched[event.target.name] = true; }
      if (event.target.classList.contains("tiles")) { showTotal(event.target); }
      arrangeGameForm(form);
      clearTimeout(timer);
      timer = setTimeout(refresh, PREVIEW_DELAY);
    }
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.querySelectorAll("input.tiles").forEach(showTotal);
    arrangeGameForm(form);
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
      postPreview(form, "preview-restore", function (answer) {
        if (box) { box.innerHTML = answer.html; }
        showLiveErrors(form, answer.errors || {}, { table_tiles: true });
      });
    }
    form.addEventListener("input", function (event) {
      if (event.target === tiles) {
        var output = form.querySelector("output.tile-count");
        var typed = rackTotal(tiles.value).count;
        if (output) { output.textContent = typed ? (output.dataset.unit || "") + " " + typed : ""; }
        clearTimeout(timer);
        timer = setTimeout(refresh, PREVIEW_DELAY * 2);
      }
    });
    form.addEventListener("change", function () { arrangeIncidentForm(form); });
    arrangeIncidentForm(form);
  }

  /* A double click (or an impatient second tap) sends the form once; the server also stores it once. */
  function guardSaves(form) {
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      if (!button || !button.classList.contains("save")) { return; }
      if (form.dataset.sending) { event.preventDefault(); return; }
      form.dataset.sending = "yes";
      form.classList.add("sending");
    });
  }

  document.querySelectorAll("form.game-entry").forEach(function (form) { watchGameForm(form); guardSaves(form); });
  document.querySelectorAll("form.incident-entry").forEach(function (form) { watchIncidentForm(form); guardSaves(form); });
  document.querySelectorAll("form.sign-off").forEach(guardSaves);
})();
