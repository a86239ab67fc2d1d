// A copy button beside each notice: the text goes to the clipboard (or, where the browser refuses, it is
// selected for the person to copy by hand).
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("[data-copy]"), function (button) {
    var card = button.closest("section");
    var source = card.querySelector("[data-copy-source]");
    var status = card.querySelector("[data-copy-status]");
    button.addEventListener("click", function () {
      function copied() {
        status.textContent = button.getAttribute("data-copied");
      }
      function byHand() {
        source.focus();
        source.select();
        try {
          if (document.execCommand("copy")) {
            copied();
          }
        } catch (error) {
          // Selected: the person copies it.
        }
      }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(source.value).then(copied, byHand);
      } else {
        byHand();
      }
    });
  });
})();
