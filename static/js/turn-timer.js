/* The turn timer of the school rules (seed 002, 2.3): each player has one minute (the tournament's setting)
   for a turn. One big tap at each new turn restarts the countdown for the next player in play order, as the
   official timer's joker button does; at zero the phone beeps and vibrates. "Overtime" records the penalty
   for the player whose turn it is, at once, for the game being played (through the queue of saves).
   Its state (whose turn, since when) is kept with the table on the phone, so a reload does not reset it. */
(function () {
  "use strict";

  var TICK_MS = 250;

  function clock(seconds) {
    var whole = Math.max(0, Math.ceil(seconds));
    return Math.floor(whole / 60) + ":" + ("0" + (whole % 60)).slice(-2);
  }

  function TurnTimer(root, options) {
    this.root = root;
    this.seconds = parseInt(root.dataset.seconds, 10) || 60;
    this.seats = JSON.parse(document.getElementById("timer-seats").textContent);
    this.words = options.words || {};
    this.store = options.store;
    this.onOvertime = options.onOvertime;
    this.face = root.querySelector(".timer-face");
    this.time = root.querySelector(".timer-time");
    this.hint = root.querySelector(".timer-hint");
    this.turn = root.querySelector(".timer-turn");
    this.overtime = root.querySelector(".timer-overtime");
    this.state = (this.store && this.store.timer()) || { index: 0, startedAt: null };
    this.alerted = false;
    this.audio = null;
    var timer = this;
    root.hidden = false;
    this.face.addEventListener("click", function () { timer.nextTurn(); });
    root.querySelector(".timer-previous").addEventListener("click", function () { timer.shift(-1); });
    root.querySelector(".timer-next").addEventListener("click", function () { timer.shift(1); });
    this.overtime.addEventListener("click", function () { timer.recordOvertime(); });
    this.render();
    setInterval(function () { timer.render(); }, TICK_MS);
  }

  TurnTimer.prototype.seat = function () {
    return this.seats[((this.state.index % this.seats.length) + this.seats.length) % this.seats.length];
  };

  TurnTimer.prototype.keep = function () { if (this.store) { this.store.saveTimer(this.state); } };

  TurnTimer.prototype.nextTurn = function () {
    this.wakeAudio();
    if (this.state.startedAt !== null) { this.state.index += 1; }
    this.state.startedAt = Date.now();
    this.alerted = false;
    this.keep();
    this.render();
  };

  TurnTimer.prototype.shift = function (step) {
    this.state.index += step;
    this.keep();
    this.render();
  };

  TurnTimer.prototype.remaining = function () {
    if (this.state.startedAt === null) { return this.seconds; }
    return this.seconds - (Date.now() - this.state.startedAt) / 1000;
  };

  TurnTimer.prototype.render = function () {
    var seat = this.seat(), left = this.remaining(), over = left <= 0;
    var fill = window.TableRef.fill;
    this.turn.textContent = fill(this.words.turn_of || "{seat}", { seat: seat.label });
    this.overtime.textContent = fill(this.words.overtime_of || "{seat}", { seat: seat.short });
    this.time.textContent = over ? "+" + clock(-left) : clock(left);
    this.hint.textContent = this.state.startedAt === null ? this.words.timer_start :
      over ? this.words.timer_over : this.words.timer_tap;
    this.root.classList.toggle("over", over && this.state.startedAt !== null);
    this.root.classList.toggle("running", this.state.startedAt !== null);
    if (over && this.state.startedAt !== null && !this.alerted) { this.alert(); }
  };

  TurnTimer.prototype.wakeAudio = function () {
    /* A phone plays sound only after a tap: the first tap opens the audio for the beep at zero. */
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!this.audio && Context) {
      try { this.audio = new Context(); } catch (error) { this.audio = null; }
    }
  };

  TurnTimer.prototype.alert = function () {
    this.alerted = true;
    if (navigator.vibrate) { navigator.vibrate([300, 150, 300]); }
    var audio = this.audio;
    if (!audio) { return; }
    [0, 0.35, 0.7].forEach(function (start) {
      var tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 880;
      gain.gain.value = 0.25;
      tone.connect(gain);
      gain.connect(audio.destination);
      tone.start(audio.currentTime + start);
      tone.stop(audio.currentTime + start + 0.25);
    });
  };

  TurnTimer.prototype.recordOvertime = function () {
    var seat = this.seat();
    if (this.onOvertime) { this.onOvertime(seat); }
  };

  window.TableRef = window.TableRef || {};
  window.TableRef.TurnTimer = TurnTimer;
})();
