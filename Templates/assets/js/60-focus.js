/* Focus mode: one task, the whole screen. The clock (in the site's time zone, as on the
   schedule) picks the block under way or next; the screen shows its first open task, the time
   left in the block (updated each minute), Done and Snooze 15 min — the same record as the
   notifications page, through window.Aura.tasks — and Exit, which goes back to the Aura page
   you came from (Escape too). Without this script the page shows the day's first block and
   Exit leads to the dashboard. */
(function () {
  "use strict";

  var root = document.querySelector("[data-focus]");
  if (!root) return;

  var Aura = window.Aura = window.Aura || {};
  var date = root.getAttribute("data-date");
  var zone = root.getAttribute("data-time-zone");
  var dashboardURL = root.getAttribute("data-dashboard-url") || "/dashboard/";
  var SNOOZE_MINUTES = 15;

  var pad = window.Aura.pad;

  function clock(minutes) {
    return pad(Math.floor(minutes / 60) % 24) + ":" + pad(minutes % 60);
  }

  function wallClock(moment) {
    return window.Aura.wallClock(moment, zone);
  }

  /* Time left or to wait, never "0 min" while a block is still ahead or under way. */
  function span(minutes) {
    return Aura.duration(Math.max(1, minutes));
  }

  /* ---- Leaving returns where you were ---- */
  var exit = root.querySelector("[data-focus-exit]");

  function cameFrom() {
    if (!document.referrer) return null;
    try {
      var from = new URL(document.referrer);
      if (from.origin !== window.location.origin || from.pathname === window.location.pathname) return null;
      return from.href;
    } catch (error) {
      return null;
    }
  }

  var back = cameFrom();
  if (exit && back) exit.setAttribute("href", back);

  function leave() {
    if (back && window.history.length > 1) window.history.back();
    else window.location.assign(back || dashboardURL);
  }

  Aura.leaveFocus = leave;

  if (exit) {
    exit.addEventListener("click", function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      leave();
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector("dialog[open]")) return; // Escape closes the overlay first
    event.preventDefault();
    leave();
  });

  /* ---- The blocks of today, from the page ---- */
  var source = root.querySelector("template[data-focus-blocks]");
  var blocks = source && source.content
    ? Array.prototype.map.call(source.content.querySelectorAll("[data-focus-source]"), function (node) {
        return {
          id: node.getAttribute("data-id"),
          url: node.getAttribute("data-url"),
          start: node.getAttribute("data-start"),
          end: node.getAttribute("data-end"),
          startMinutes: parseInt(node.getAttribute("data-start-minutes"), 10),
          endMinutes: parseInt(node.getAttribute("data-end-minutes"), 10),
          emoji: node.getAttribute("data-emoji"),
          category: node.getAttribute("data-category"),
          categoryKey: node.getAttribute("data-category-key"),
          focusMode: node.getAttribute("data-focus-mode"),
          notificationId: node.getAttribute("data-notification-id"),
          tasks: Array.prototype.map.call(node.querySelectorAll("[data-task-id]"), function (task) {
            return { id: task.getAttribute("data-task-id"), title: task.textContent.trim(), minutes: task.getAttribute("data-minutes") };
          })
        };
      })
    : [];

  var stage = root.querySelector("[data-focus-stage]");
  var view = stage && stage.querySelector("[data-focus-block]");
  if (!view || blocks.length === 0 || !Aura.tasks) return;

  var over = stage.querySelector("[data-focus-over]");
  var keys = root.querySelector("[data-focus-keys]");
  var part = function (name) { return view.querySelector("[data-focus-" + name + "]"); };
  var when = part("when"), range = part("range"), list = part("tasks"), emoji = part("emoji"), category = part("category"),
      mode = part("mode"), left = part("left"), progress = part("progress"), bar = part("bar"),
      actions = part("actions"), state = part("state");
  var doneButton = view.querySelector("[data-focus-action=done]");
  var snoozeButton = view.querySelector("[data-focus-action=snooze]");
  var shown = null; // { block, task }

  function openTasks(block) {
    return block.tasks.filter(function (task) {
      return Aura.tasks.status(date, block.notificationId, task.id) !== "done";
    });
  }

  /* The block under way, else the next one, with an open task; on another day, the first. */
  function choose(now) {
    var today = now.day === date;
    for (var i = 0; i < blocks.length; i += 1) {
      var block = blocks[i];
      if (today && block.endMinutes <= now.minutes) continue;
      var open = openTasks(block);
      if (open.length) return { block: block, tasks: open, today: today };
    }
    return null;
  }

  function setText(element, text) {
    if (element && element.textContent !== text) element.textContent = text;
  }

  function render() {
    var now = wallClock(new Date());
    var pick = choose(now);
    if (!pick) {
      view.hidden = true;
      if (over) {
        over.hidden = false;
        setText(over, now.day === date || now.day > date
          ? "Every block of today is behind you. Whatever is left can wait for tomorrow’s plan."
          : "Nothing is left open in this plan.");
      }
      shown = null;
      return;
    }
    view.hidden = false;
    if (over) over.hidden = true;
    var block = pick.block;
    var task = pick.tasks[0];
    var running = pick.today && block.startMinutes <= now.minutes;
    shown = { block: block, task: task, siblings: block.tasks.map(function (t) { return t.id; }) };
    view.setAttribute("data-notification-id", block.notificationId);
    view.className = "focus-block focus-block--" + block.categoryKey;

    setText(when, running ? "Now" : pick.today ? "Next" : "First block");
    if (range) range.innerHTML = "";
    if (range) {
      var from = document.createElement("time");
      from.setAttribute("datetime", block.start);
      from.textContent = block.start;
      var to = document.createElement("time");
      to.setAttribute("datetime", block.end);
      to.textContent = block.end;
      range.appendChild(from);
      range.appendChild(document.createTextNode("–"));
      range.appendChild(to);
    }

    if (list) {
      var first = list.firstElementChild;
      if (!first || first.getAttribute("data-task-id") !== task.id || list.children.length !== pick.tasks.length) {
        list.textContent = "";
        pick.tasks.forEach(function (open) {
          var item = document.createElement("li");
          item.className = "focus__task";
          item.setAttribute("data-task-id", open.id);
          item.textContent = open.title;
          list.appendChild(item);
        });
      }
    }
    setText(emoji, block.emoji);
    setText(category, block.category + " · " + task.minutes);
    setText(mode, block.focusMode);

    if (left) {
      left.hidden = false;
      if (running) setText(left, span(block.endMinutes - now.minutes) + " left in this block");
      else if (pick.today) setText(left, "Starts in " + span(block.startMinutes - now.minutes) + ", at " + block.start);
      else setText(left, span(block.endMinutes - block.startMinutes) + " block, from " + block.start);
    }
    if (progress && bar) {
      progress.hidden = !running;
      var elapsed = running ? (now.minutes - block.startMinutes) / Math.max(1, block.endMinutes - block.startMinutes) : 0;
      bar.style.setProperty("--focus-elapsed", String(Math.min(1, Math.max(0, elapsed))));
    }

    var status = Aura.tasks.status(date, block.notificationId, task.id);
    if (doneButton) doneButton.setAttribute("aria-pressed", "false");
    if (snoozeButton) snoozeButton.setAttribute("aria-pressed", String(status === "snoozed"));
    if (state) {
      if (status === "snoozed") {
        state.hidden = false;
        setText(state, "Snoozed: its reminder rings again at " + clock(block.startMinutes + SNOOZE_MINUTES) + ".");
      } else if (!state.hasAttribute("data-keep")) {
        state.hidden = true;
        setText(state, "");
      }
    }
  }

  if (actions) actions.hidden = false;
  if (keys && window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches) keys.hidden = false;

  /* What the keyboard's d and s do here too. */
  Aura.focusAction = function (action) {
    if (!shown) return false;
    var block = shown.block;
    var task = shown.task;
    if (state) state.removeAttribute("data-keep");
    if (action === "done") {
      Aura.tasks.setDone(date, block.notificationId, true, task.id, shown.siblings, task.title);
      render();
      var next = shown ? shown.task.title : "";
      var said = "Done: " + task.title + "." + (next ? " Next: " + next + "." : "") + " Press z to undo.";
      if (state) {
        state.hidden = false;
        state.setAttribute("data-keep", "");
        setText(state, "Done: " + task.title + ". Press z to undo.");
      }
      if (Aura.say) Aura.say(said);
    } else if (action === "snooze") {
      Aura.tasks.toggleSnoozed(date, block.notificationId, task.title);
      render();
    }
    return true;
  };

  view.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-focus-action]") : null;
    if (button) Aura.focusAction(button.getAttribute("data-focus-action"));
  });

  render();
  Aura.tasks.watch(function () {
    if (state) state.removeAttribute("data-keep");
    render();
  });

  var start = new Date();
  window.setTimeout(function () {
    render();
    window.setInterval(render, 60 * 1000);
  }, (60 - start.getSeconds()) * 1000);
})();
