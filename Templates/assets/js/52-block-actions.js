/* Done and Snooze where the person looks: every block of the schedule and the dashboard has a
   Done and a Snooze 15 min button, and each task of a block of several its own Done check.
   They act through Aura.tasks (50-week.js), as the keyboard's d and s and a swipe do, so the
   same state is drawn on every page, sent to the server when `aura serve` rendered the page,
   and taken back by z or the page's Undo. A finished task stays where it was, struck through,
   with the time it was done. Snooze is for today's blocks. Without this script a served page
   has the same actions as forms, and a static page shows the plan as built. */
(function () {
  "use strict";

  var Aura = window.Aura;
  if (!Aura || !Aura.tasks || !document.querySelector("[data-block-actions]")) return;

  function dateOf(element) {
    var day = element.closest("[data-date]");
    return day ? day.getAttribute("data-date") : "";
  }

  function today() {
    return Aura.wallClock(new Date(), Aura.siteTimeZone()).day;
  }

  /* A task's own words: its link or its text, without its notes and marks. */
  function taskTitle(row) {
    var link = row.querySelector(".block__task-link");
    var check = row.querySelector("[data-task-done] .visually-hidden");
    return link ? link.textContent.trim() : check ? check.textContent.replace(/^Done: /, "").trim() : "";
  }

  function blockTitle(block) {
    var rows = block.querySelectorAll("[data-task-id]");
    return rows.length === 1 ? taskTitle(rows[0]) : (block.querySelector(".block__title") || block).textContent.trim();
  }

  function draw() {
    var day = today();
    Array.prototype.forEach.call(document.querySelectorAll("[data-block-actions]"), function (row) {
      var block = row.closest("[data-block-id]");
      if (!block) return;
      var date = dateOf(block);
      var status = Aura.tasks.status(date, block.getAttribute("data-notification-id"));
      var done = row.querySelector("[data-block-done]");
      var snooze = row.querySelector("[data-block-snooze]");
      if (done) done.setAttribute("aria-pressed", String(status === "done"));
      if (snooze) {
        snooze.setAttribute("aria-pressed", String(status === "snoozed"));
        snooze.hidden = date !== day || status === "done";
      }
      row.hidden = false;
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-task-done]"), function (check) {
      var row = check.closest("[data-task-id]");
      var block = check.closest("[data-block-id]");
      if (!row || !block) return;
      var status = Aura.tasks.status(dateOf(block), block.getAttribute("data-notification-id"),
        row.getAttribute("data-task-id"));
      check.setAttribute("aria-pressed", String(status === "done"));
      check.hidden = false;
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-block-done], [data-block-snooze], [data-task-done]") : null;
    var block = button ? button.closest("[data-block-id]") : null;
    if (!block) return;
    var date = dateOf(block);
    var notificationId = block.getAttribute("data-notification-id");
    var rows = Array.prototype.slice.call(block.querySelectorAll("[data-task-id]"));
    if (button.hasAttribute("data-task-done")) {
      var row = button.closest("[data-task-id]");
      Aura.tasks.toggleDone(date, notificationId, row.getAttribute("data-task-id"),
        rows.map(function (each) { return each.getAttribute("data-task-id"); }), taskTitle(row));
    } else if (button.hasAttribute("data-block-done")) {
      Aura.tasks.toggleDone(date, notificationId, undefined, undefined, blockTitle(block));
    } else {
      Aura.tasks.toggleSnoozed(date, notificationId, blockTitle(block));
    }
  });

  /* Showing the buttons makes each block taller: a page opened at a block (#block-…), whose
     jump the browser (or the unlock page) has already made, keeps that block where it was. */
  function drawKeepingTarget() {
    var id = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : "";
    var target = id ? document.getElementById(id) : null;
    var before = target ? target.getBoundingClientRect().top : 0;
    draw();
    if (target) window.scrollTo({ top: window.scrollY + target.getBoundingClientRect().top - before, behavior: "instant" });
  }

  drawKeepingTarget();
  // Every change, this tab's own clicks included, is announced: the buttons follow it there.
  Aura.tasks.watch(draw);
})();
