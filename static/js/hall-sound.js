// The hall screen's sound: off until a person clicks the button (browsers allow sound only after a tap),
// then a short tone at 5 minutes left and a longer one when the time is up. The tones are made here with
// the Web Audio API: no sound file to load.
(function () {
  "use strict";
  var context = null;
  var enabled = false;

  function tone(start, seconds, frequency) {
    var oscillator = context.createOscillator();
    var gain = context.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.4, start + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    oscillator.connect(gain);
    gain.connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds + 0.05);
  }

  function play(kind) {
    if (!enabled || !context) {
      return false;
    }
    var start = context.currentTime + 0.05;
    var pattern = kind === "end" ? [[0, 0.8, 660], [1.0, 0.8, 660], [2.0, 1.4, 520]] : [[0, 0.25, 880], [0.4, 0.25, 880]];
    pattern.forEach(function (part) {
      tone(start + part[0], part[1], part[2]);
    });
    return true;
  }

  function toggle() {
    var Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) {
      return false;
    }
    if (!context) {
      context = new Audio();
    }
    enabled = !enabled;
    if (enabled) {
      context.resume();
      play("warning");
    }
    return enabled;
  }

  window.HallSound = {
    play: play,
    toggle: toggle,
    isOn: function () {
      return enabled;
    },
  };
})();
