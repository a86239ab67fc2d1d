// A file being made in the background: ask the server how far it is every second, move the progress bar,
// and show the download link when the file is ready. Without this script the page's "Refresh now" link
// shows the same on each reload.
(function () {
  "use strict";
  var box = document.querySelector("[data-export-job]");
  if (!box || !window.fetch || box.hasAttribute("data-finished")) {
    return;
  }
  var url = box.getAttribute("data-export-job");
  var message = box.querySelector("[data-job-message]");
  var progress = box.querySelector("[data-job-progress]");
  var download = box.querySelector("[data-job-download]");
  var link = box.querySelector("[data-job-link]");
  var refresh = box.querySelector("[data-job-refresh]");

  function show(state) {
    message.textContent = state.message;
    progress.value = state.percent;
    progress.textContent = state.percent + "%";
    if (state.download) {
      link.href = state.download;
      download.hidden = false;
    }
    var finished = state.status === "done" || state.status === "failed";
    if (finished) {
      box.setAttribute("data-finished", "");
      if (refresh) {
        refresh.hidden = true;
      }
    }
    return finished;
  }

  function check() {
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (state) {
        if (!state || !show(state)) {
          window.setTimeout(check, 1000);
        }
      })
      .catch(function () {
        window.setTimeout(check, 3000);
      });
  }

  window.setTimeout(check, 500);
})();
