/* Check-in taps without reloading: each small form is sent in the background, and the answer (that player's
   state as stored, and every school's counts) updates the row and the counts in place. Without this script
   each tap is an ordinary form post that comes back to the school. */
(function () {
  "use strict";

  var status = document.querySelector("[data-checkin-status]");

  function say(text) {
    if (status) { status.textContent = text; }
  }

  function updateSummary(code, count) {
    var summary = document.querySelector('[data-school-summary="' + code + '"]');
    if (summary && summary.dataset.template) {
      summary.textContent = summary.dataset.template.replace("{here}", count.here).replace("{total}", count.total);
    }
  }

  function updateCounts(counts) {
    document.querySelectorAll("#checkin-counts [data-total]").forEach(function (cell) {
      var name = cell.dataset.total;
      cell.textContent = Object.keys(counts).reduce(function (sum, code) { return sum + counts[code][name]; }, 0);
    });
    Object.keys(counts).forEach(function (code) {
      var row = document.querySelector('#checkin-counts tr[data-school="' + code + '"]');
      if (!row) { return; }
      updateSummary(code, counts[code]);
      Object.keys(counts[code]).forEach(function (name) {
        var cell = row.querySelector('[data-count="' + name + '"]');
        if (cell) { cell.textContent = counts[code][name]; }
      });
    });
  }

  function updatePlayer(answer) {
    var item = document.querySelector('[data-player="' + answer.player + '"]');
    if (!item) { return; }
    item.className = item.className.replace(/\bstate-\S+/, "state-" + answer.attendance);
    item.querySelector("[data-state]").textContent = answer.label;
    item.querySelectorAll("button.tap").forEach(function (button) {
      var pressed = button.classList.contains("tap-" + answer.attendance);
      if (pressed) { button.setAttribute("aria-pressed", "true"); } else { button.removeAttribute("aria-pressed"); }
    });
    /* An organiser's row offers a substitute as soon as the child is marked absent and still holds a seat. */
    var substitute = item.querySelector("[data-substitute]");
    if (substitute) {
      if (answer.substitute) { substitute.href = answer.substitute; }
      substitute.hidden = !answer.substitute;
    }
  }

  /* Every 15 s while the page is in sight: the states other helpers set, and the counts. */
  var POLL_MS = 15000;
  function refresh() {
    if (document.hidden) { return; }
    fetch(window.location.pathname, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer) { return; }
        answer.players.forEach(updatePlayer);
        updateCounts(answer.counts);
      })
      .catch(function () { /* offline for a moment: the next round will tell */ });
  }
  window.setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", refresh);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-checkin") || event.defaultPrevented) { return; }
    event.preventDefault();
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) { button.disabled = true; });
    /* form.action would be the hidden field named "action": read the attribute */
    fetch(form.getAttribute("action") || window.location.pathname, {
      method: "POST",
      body: new FormData(form),
      headers: { "Accept": "application/json" },
      credentials: "same-origin"
    }).then(function (response) {
      return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
    }).then(function (result) {
      var answer = result.answer;
      if (!result.ok) { say(answer.error || ""); return; }
      answer.players.forEach(updatePlayer);
      updateCounts(answer.counts);
      if (form.classList.contains("checkin-rest")) { form.remove(); }
      say(answer.message);
    }).catch(function () {
      form.submit();  /* no answer: send it the ordinary way */
    }).finally(function () {
      buttons.forEach(function (button) { button.disabled = false; });
    });
  });
})();
