// The venue page's live parts: every few seconds, ask /api/live for the parts of this page that changed
// (rendered by the server with the page's own templates) and put them in place, without reloading.
(function () {
  "use strict";
  var body = document.body;
  var parts = Array.prototype.slice.call(document.querySelectorAll("[data-live]"));
  if (!parts.length) return;
  var version = body.dataset.version;
  var broker = body.dataset.broker || "1";
  var every = parseInt(body.dataset.poll, 10) || 2000;
  var names = parts.map(function (el) { return el.dataset.live; }).join(",");

  function ask() {
    var url = "/api/live?parts=" + encodeURIComponent(names) + "&version=" + encodeURIComponent(version) + "&broker=" + broker +
      "&lang=" + encodeURIComponent(body.dataset.lang) + "&game=" + encodeURIComponent(body.dataset.game || "") + "&wall=" + (body.dataset.wall || "");
    fetch(url, { cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then(function (news) {
        body.classList.remove("stale");
        if (String(news.version) === String(version) && news.broker === broker) return;
        version = news.version;
        broker = news.broker;
        parts.forEach(function (el) {
          var html = news.parts[el.dataset.live];
          if (html !== undefined) el.innerHTML = html;
        });
        body.dataset.updated = String(Date.now());
        document.dispatchEvent(new Event("venue:parts"));  // the wall pages what it shows again
      })
      .catch(function () { body.classList.add("stale"); })
      .then(function () { window.setTimeout(ask, every); });
  }
  window.setTimeout(ask, every);
})();
