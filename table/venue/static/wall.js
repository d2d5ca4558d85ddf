// The wall TV: a room reads it from afar and nobody scrolls it. Each box marked data-rotate (its items: the
// selector it names) is cut into pages that fit its height, and the pages take turns every data-rotate-ms; the
// box's .pager says "2/3". Paged again when the live parts change (live.js's "venue:parts") and on a resize.
(function () {
  "use strict";
  var every = parseInt(document.body.dataset.rotateMs, 10) || 10000;
  var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-rotate]"));
  var state = boxes.map(function () { return { pages: [], shown: 0 }; });

  function items(box) {
    return Array.prototype.slice.call(box.querySelectorAll(box.dataset.rotate));
  }

  // The items from `start` on, shown as far as they fit; the index after the last one that does (at least one).
  function fill(box, list, start) {
    list.forEach(function (el, index) { el.hidden = index < start; });
    var edge = box.getBoundingClientRect(), bottom = edge.bottom - parseFloat(getComputedStyle(box).paddingBottom);
    var fits = function (el) {  // inside the box: below it, or in a column beyond its right edge, it is not
      var where = el.getBoundingClientRect();
      return where.bottom <= bottom + 0.5 && where.right <= edge.right + 0.5;
    };
    var end = start + 1;
    while (end < list.length && fits(list[end])) end += 1;
    return end;
  }

  function show(index) {
    var box = boxes[index], at = state[index], list = items(box);
    var page = at.pages[at.shown] || [0, list.length];
    list.forEach(function (el, n) { el.hidden = n < page[0] || n >= page[1]; });
    var pager = box.querySelector(".pager");
    if (pager) pager.textContent = at.pages.length > 1 ? (at.shown + 1) + "/" + at.pages.length : "";
    box.dataset.page = String(at.shown + 1);
    box.dataset.pages = String(at.pages.length);
  }

  function paginate() {
    boxes.forEach(function (box, index) {
      var list = items(box), pages = [], start = 0;
      while (start < list.length) {
        var end = fill(box, list, start);
        pages.push([start, end]);
        start = end;
      }
      state[index].pages = pages;
      state[index].shown = Math.min(state[index].shown, Math.max(pages.length - 1, 0));
      show(index);
    });
  }

  function turn() {
    boxes.forEach(function (box, index) {
      var at = state[index];
      if (at.pages.length > 1) {
        at.shown = (at.shown + 1) % at.pages.length;
        show(index);
      }
    });
  }

  paginate();
  document.addEventListener("venue:parts", paginate);
  window.addEventListener("resize", paginate);
  window.setInterval(turn, every);
})();
