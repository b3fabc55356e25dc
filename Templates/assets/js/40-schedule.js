/* The clock on the schedule and the dashboard. On the day's own date, the schedule draws a
   "now" line between the block that has ended and the one under way or next; the dashboard
   moves "Next" on to the block the clock has reached. On any other date nothing changes, and
   without this script both pages show the plan exactly as built. */
(function () {
  "use strict";

  var timeline = document.querySelector("[data-timeline]");
  var next = document.querySelector("[data-next]");
  var dayList = document.querySelector("[data-day-list]");
  if (!timeline && !next && !dayList) return;

  var pad = window.Aura.pad;
  var zone = window.Aura.siteTimeZone();

  function wallClock(date) {
    return window.Aura.wallClock(date, zone);
  }

  function today(date) {
    return wallClock(date).day;
  }

  function minutes(element, name) {
    return parseInt(element.getAttribute(name), 10);
  }

  /* The first item still running or still to come at `now`, and whether it is under way. */
  function locate(items, now) {
    for (var i = 0; i < items.length; i += 1) {
      if (minutes(items[i], "data-end-minutes") > now) {
        return { index: i, item: items[i], running: minutes(items[i], "data-start-minutes") <= now };
      }
    }
    return { index: items.length, item: null, running: false };
  }

  function drawTimeline(date, now) {
    var marker = timeline.querySelector("[data-now-marker]");
    var items = Array.prototype.slice.call(timeline.querySelectorAll(":scope > [data-start-minutes]"));
    items.forEach(function (item) { item.classList.remove("is-now", "is-past"); });
    if (!marker) return;
    if (today(date) !== timeline.getAttribute("data-date") || items.length === 0) {
      marker.hidden = true;
      return;
    }
    var found = locate(items, now);
    items.forEach(function (item, index) {
      if (index < found.index) item.classList.add("is-past");
    });
    if (found.item && found.running) found.item.classList.add("is-now");
    var time = marker.querySelector("[data-now-time]");
    if (time) {
      time.textContent = pad(Math.floor(now / 60)) + ":" + pad(now % 60);
    }
    timeline.insertBefore(marker, found.item);
    marker.hidden = false;
  }

  function drawDayList(date, now) {
    var rows = Array.prototype.slice.call(dayList.querySelectorAll("[data-start-minutes]"));
    rows.forEach(function (row) { row.classList.remove("is-now", "is-past"); });
    if (today(date) !== dayList.getAttribute("data-date")) return;
    var found = locate(rows, now);
    rows.forEach(function (row, index) {
      if (index < found.index) row.classList.add("is-past");
    });
    if (found.item) found.item.classList.add("is-now");
  }

  function drawNext(date, now) {
    if (today(date) !== next.getAttribute("data-date")) return;
    var slot = next.querySelector("[data-next-slot]");
    var label = next.querySelector("[data-next-label]");
    var done = next.querySelector("[data-next-done]");
    var source = next.querySelector("template[data-next-blocks]");
    if (!slot || !source || !source.content) return;
    var blocks = Array.prototype.slice.call(source.content.querySelectorAll("[data-block-id]"));
    var found = locate(blocks, now);
    if (!found.item) {
      slot.hidden = true;
      if (done) done.hidden = false;
      if (label) label.textContent = "Next";
      return;
    }
    slot.hidden = false;
    if (done) done.hidden = true;
    if (label) label.textContent = found.running ? "Now" : "Next";
    var shown = slot.querySelector("[data-block-id]");
    if (shown && shown.getAttribute("data-block-id") === found.item.getAttribute("data-block-id")) return;
    var copy = document.importNode(found.item, true);
    // Give the copy the ids the built page uses for its next block.
    Array.prototype.forEach.call([copy].concat(Array.prototype.slice.call(copy.querySelectorAll("[id]"))), function (element) {
      if (element.id) element.id = element.id.replace(/^upcoming-/, "next-");
    });
    var labelled = copy.getAttribute("aria-labelledby");
    if (labelled) copy.setAttribute("aria-labelledby", labelled.replace(/^upcoming-/, "next-"));
    slot.textContent = "";
    slot.appendChild(copy);
    // The copy comes from the template as built: give it this browser's Done and Snooze.
    if (window.Aura.drawStates) window.Aura.drawStates(slot);
  }

  function draw() {
    var date = new Date();
    var now = wallClock(date).minutes;
    if (timeline) drawTimeline(date, now);
    if (dayList) drawDayList(date, now);
    if (next) drawNext(date, now);
  }

  draw();
  // Redraw on each new minute while the page stays open.
  var date = new Date();
  window.setTimeout(function () {
    draw();
    window.setInterval(draw, 60 * 1000);
  }, (60 - date.getSeconds()) * 1000);
})();
