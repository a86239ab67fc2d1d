/* Destructive buttons ask first. A form (or its submit button) that carries `data-confirm` is sent only once
   the person agrees to that question; without this script the form is sent at once, as before. */
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    var question = (button && button.dataset.confirm) || event.target.dataset.confirm;
    if (question && !window.confirm(question)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
})();
