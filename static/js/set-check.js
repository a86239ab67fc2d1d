/* The set checker's page: the tile pad for its one field (the form works without it). */
(function () {
  "use strict";
  var pad = document.getElementById("tile-pad");
  var words = document.getElementById("set-check-words");
  if (pad && window.TableRef && window.TableRef.TilePad) {
    new window.TableRef.TilePad(pad, words ? JSON.parse(words.textContent) : {});
  }
})();
