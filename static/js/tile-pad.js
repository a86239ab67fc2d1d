/* The tile pad: large buttons for the ruleset's colours, numbers (card faces) and jokers, shown at the foot
   of the screen while a tile field (a rack, the tiles on the table) is in use. A colour stays chosen until
   another is tapped, so a run (R3 R4 R5) is R 3 4 5: four taps. The pad types the notation with spaces,
   exactly as the keyboard would; "Keyboard" brings the phone's keyboard back for the same fields. */
(function () {
  "use strict";

  var MODE_KEY = "tableref:pad-mode";

  function isTileField(element) {
    return !!element && element.classList && element.classList.contains("tiles") &&
      (element.tagName === "INPUT" || element.tagName === "TEXTAREA");
  }

  function visible(element) { return !!(element.offsetWidth || element.offsetHeight || element.getClientRects().length); }

  function TilePad(pad, words) {
    this.pad = pad;
    this.words = words || {};
    this.target = null;
    this.colour = "";
    this.label = pad.querySelector(".pad-target");
    this.note = pad.querySelector(".pad-note");
    var mode = "";
    try { mode = window.localStorage.getItem(MODE_KEY) || ""; } catch (error) { mode = ""; }
    this.keyboard = mode === "keyboard";
    var tilePad = this;
    pad.hidden = true;
    this.applyMode();
    /* Tapping the pad must not take the focus (and the caret) away from the field it types into. */
    pad.addEventListener("mousedown", function (event) { event.preventDefault(); });
    pad.addEventListener("click", function (event) { tilePad.tapped(event); });
    document.addEventListener("focusin", function (event) {
      if (isTileField(event.target)) { tilePad.attach(event.target); }
    });
    /* Hiding the pad takes away the room kept for it at the page's foot, and the page moves. Between the
       press on a button (Check, Save) and the release it moved the button from under the pointer, and
       the click was lost: so while a press lasts, the pad waits for its release, and hides just
       after the click. */
    var pressed = false, hideOnRelease = false;
    function hideUnlessInUse() {
      var active = document.activeElement;
      if (!isTileField(active) && !pad.contains(active)) { tilePad.hide(); }
    }
    function released() {
      pressed = false;
      if (hideOnRelease) { hideOnRelease = false; setTimeout(hideUnlessInUse, 0); }
    }
    document.addEventListener("pointerdown", function () { pressed = true; }, true);
    document.addEventListener("pointerup", released, true);
    document.addEventListener("pointercancel", released, true);
    document.addEventListener("focusout", function () {
      setTimeout(function () {
        if (pressed) { hideOnRelease = true; } else { hideUnlessInUse(); }
      }, 0);
    });
  }

  TilePad.prototype.fields = function () {
    return Array.prototype.filter.call(document.querySelectorAll("input.tiles, textarea.tiles"), visible);
  };

  TilePad.prototype.applyMode = function () {
    var keyboard = this.keyboard;
    /* With the pad, the phone keeps its keyboard down (inputmode none); the field still takes a hardware
       keyboard and a paste. */
    document.querySelectorAll("input.tiles, textarea.tiles").forEach(function (field) {
      field.setAttribute("inputmode", keyboard ? "text" : "none");
    });
    this.pad.classList.toggle("keyboard-mode", keyboard);
    var toggle = this.pad.querySelector("[data-pad='keyboard']");
    if (toggle) { toggle.textContent = keyboard ? toggle.dataset.padLabel : toggle.dataset.keyboardLabel; }
  };

  TilePad.prototype.attach = function (field) {
    if (field !== this.target) { this.select(""); }
    this.target = field;
    var holder = field.closest("fieldset, div");
    var legend = holder ? holder.closest("fieldset") : null;
    var name = legend && legend.querySelector("legend") ? legend.querySelector("legend").textContent : "";
    if (!name && field.labels && field.labels[0]) { name = field.labels[0].textContent; }
    if (this.label) { this.label.textContent = name.replace(/\s+/g, " ").trim(); }
    this.say("");
    this.pad.hidden = false;
    document.body.classList.add("pad-open");
  };

  TilePad.prototype.hide = function () {
    this.pad.hidden = true;
    document.body.classList.remove("pad-open");
  };

  TilePad.prototype.say = function (text) { if (this.note) { this.note.textContent = text; } };

  TilePad.prototype.select = function (colour) {
    this.colour = colour;
    this.pad.querySelectorAll("[data-colour]").forEach(function (button) {
      button.setAttribute("aria-pressed", button.dataset.colour === colour ? "true" : "false");
    });
  };

  TilePad.prototype.type = function (token) {
    var field = this.target;
    if (!field) { return; }
    var text = field.value.replace(/\s+$/, "");
    field.value = (text ? text + " " : "") + token;
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };

  TilePad.prototype.erase = function () {
    var field = this.target;
    if (!field) { return; }
    field.value = field.value.replace(/\s*\S+\s*$/, "");
    field.dispatchEvent(new Event("input", { bubbles: true }));
  };

  TilePad.prototype.nextField = function () {
    var fields = this.fields(), index = fields.indexOf(this.target);
    var next = fields[index + 1];
    if (next) { next.focus(); next.scrollIntoView({ block: "center" }); } else { this.done(); }
  };

  TilePad.prototype.done = function () {
    if (this.target) { this.target.blur(); }
    this.hide();
  };

  TilePad.prototype.switchMode = function () {
    this.keyboard = !this.keyboard;
    try { window.localStorage.setItem(MODE_KEY, this.keyboard ? "keyboard" : "pad"); } catch (error) { /* kept for this page */ }
    this.applyMode();
    if (this.target) { this.target.blur(); this.target.focus(); }
  };

  TilePad.prototype.tapped = function (event) {
    var button = event.target.closest("button");
    if (!button || !this.target) { return; }
    var data = button.dataset;
    if (data.colour) { this.select(data.colour); this.say(""); return; }
    if (data.face) {
      if (!this.colour) { this.say(this.words.pad_needs_colour || ""); return; }
      this.type(this.colour + data.face);
      this.say("");
      return;
    }
    if (data.token) { this.type(data.token); return; }
    if (data.pad === "back") { this.erase(); }
    if (data.pad === "next") { this.nextField(); }
    if (data.pad === "done") { this.done(); }
    if (data.pad === "keyboard") { this.switchMode(); }
  };

  window.TableRef = window.TableRef || {};
  window.TableRef.TilePad = TilePad;
})();
