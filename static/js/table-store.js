/* What the referee's console keeps on the phone, in localStorage, one entry per user and table
   ("tableref:v1:<user>:<table>"): drafts of the forms as they are typed, the queue of saves not yet
   acknowledged by the server, and the turn timer. Never a password, a session or a CSRF token.
   Forgotten at sign-off (the table's entry) and at logout (every entry: static/js/forget.js). */
(function () {
  "use strict";

  var PREFIX = "tableref:v1:";

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (error) { return null; }
  }

  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); return true; } catch (error) { return false; }
  }

  function TableStore(user, table) {
    this.key = PREFIX + user + ":" + table;
  }

  TableStore.prototype.load = function () {
    var state = read(this.key) || {};
    state.drafts = state.drafts || {};
    state.queue = state.queue || [];
    return state;
  };

  TableStore.prototype.update = function (change) {
    var state = this.load();
    change(state);
    write(this.key, state);
    return state;
  };

  TableStore.prototype.draft = function (formKey) { return this.load().drafts[formKey] || null; };

  TableStore.prototype.saveDraft = function (formKey, fields) {
    this.update(function (state) { state.drafts[formKey] = { fields: fields, at: Date.now() }; });
  };

  TableStore.prototype.dropDraft = function (formKey) {
    this.update(function (state) { delete state.drafts[formKey]; });
  };

  TableStore.prototype.queue = function () { return this.load().queue; };

  TableStore.prototype.saveQueue = function (queue) {
    this.update(function (state) { state.queue = queue; });
  };

  /* What the server acknowledged lately, shown for a while (also after the reload that follows). */
  var RECENT_MS = 10 * 60 * 1000;

  TableStore.prototype.recent = function () {
    var now = Date.now();
    return (this.load().recent || []).filter(function (done) { return now - done.at < RECENT_MS; });
  };

  TableStore.prototype.addRecent = function (label) {
    var kept = this.recent();
    kept.push({ label: label, at: Date.now() });
    this.update(function (state) { state.recent = kept.slice(-6); });
  };

  TableStore.prototype.timer = function () { return this.load().timer || null; };

  TableStore.prototype.saveTimer = function (timer) {
    this.update(function (state) { state.timer = timer; });
  };

  TableStore.prototype.forget = function () {
    try { window.localStorage.removeItem(this.key); } catch (error) { /* nothing kept */ }
  };

  /* Every key of the console (all users, all tables): logout forgets them all. */
  function ownKeys() {
    var keys = [];
    try {
      for (var index = 0; index < window.localStorage.length; index += 1) {
        var key = window.localStorage.key(index);
        if (key && key.indexOf("tableref:") === 0) { keys.push(key); }
      }
    } catch (error) { /* storage switched off */ }
    return keys;
  }

  function forgetAll() {
    ownKeys().forEach(function (key) { window.localStorage.removeItem(key); });
  }

  /* Saves of this user not acknowledged by the server, over all their tables. */
  function unsentCount(user) {
    var count = 0;
    ownKeys().forEach(function (key) {
      if (key.indexOf(PREFIX + user + ":") !== 0) { return; }
      var state = read(key) || {};
      count += (state.queue || []).length;
    });
    return count;
  }

  /* A form's fields as plain values: text as typed, a tick box as true or false, a radio group's choice. */
  function fieldsOf(form) {
    var fields = {};
    Array.prototype.forEach.call(form.elements, function (element) {
      var name = element.name;
      if (!name || name === "csrfmiddlewaretoken" || name === "action" || element.type === "submit") { return; }
      if (element.type === "checkbox") { fields[name] = element.checked; }
      else if (element.type === "radio") {
        if (!(name in fields)) { fields[name] = ""; }
        if (element.checked) { fields[name] = element.value; }
      } else { fields[name] = element.value; }
    });
    return fields;
  }

  function fillForm(form, fields) {
    Array.prototype.forEach.call(form.elements, function (element) {
      var name = element.name;
      if (!name || !Object.prototype.hasOwnProperty.call(fields, name) || element.type === "submit") { return; }
      var value = fields[name];
      if (element.type === "checkbox") { element.checked = value === true || value === "on"; }
      else if (element.type === "radio") { element.checked = String(value) === element.value; }
      else if (name !== "csrfmiddlewaretoken") { element.value = value === null || value === undefined ? "" : value; }
    });
  }

  function formData(fields, extra) {
    var body = new FormData();
    Object.keys(fields).forEach(function (name) {
      var value = fields[name];
      if (value === false || value === null || value === undefined) { return; }
      body.append(name, value === true ? "on" : value);
    });
    Object.keys(extra || {}).forEach(function (name) { body.set(name, extra[name]); });
    return body;
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) { return ("0" + byte.toString(16)).slice(-2); }).join("");
  }

  window.TableRef = window.TableRef || {};
  window.TableRef.TableStore = TableStore;
  window.TableRef.forgetAll = forgetAll;
  window.TableRef.unsentCount = unsentCount;
  window.TableRef.fieldsOf = fieldsOf;
  window.TableRef.fillForm = fillForm;
  window.TableRef.formData = formData;
  window.TableRef.newKey = newKey;
})();
