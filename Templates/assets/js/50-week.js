/* The week board: the 3, 5 or 7 column switch (remembered in this browser) and a Done check
   on every task. Without this script the board shows all seven days and every task links to
   its block.

   Also the one Done and Snooze store the week board, focus mode, the keyboard and the
   notifications page share: window.Aura.tasks. It keeps the notifications page's own record,
   localStorage "aura.notifications.<date>" = { "<notification id>": "done" | "snoozed" },
   one entry per block, and beside it "aura.tasks.<date>" = { "<task id>": "done" } for single
   tasks of a block that is not done yet. When the last open task of a block is done, the block
   (its notification) is done and those task entries go. "aura.done-times.<date>" keeps the time
   each block and task was marked done here ("09:04"), for its label after a reload. Every change is announced with a
   "storage" event for the notifications key, which the notifications page already listens
   to, and an "aura:statechange" event on the document.
   On a page `aura serve` rendered for the signed-in person, every change (and its undo) is also
   sent to the server as an action through Aura.sync (55-live.js), and replace() writes the
   server's state into these records. */
(function () {
  "use strict";

  var Aura = window.Aura = window.Aura || {};

  Aura.tasks = Aura.tasks || (function () {
    var UNDO_KEY = Aura.keys.undo;
    var SOURCE = "aura.tasks";
    var DAY_KEY = Aura.keys.day;
    var UNDO_LIMIT = 20;

    function get(key, storage) {
      try { return (storage || window.localStorage).getItem(key); } catch (error) { return null; }
    }

    function set(key, value, storage) {
      try {
        if (value === null || value === undefined) (storage || window.localStorage).removeItem(key);
        else (storage || window.localStorage).setItem(key, value);
      } catch (error) { /* private mode or full: this page still shows the change */ }
    }

    var blockKey = Aura.keys.blocks;
    var taskKey = Aura.keys.tasks;

    function readMap(key) {
      try {
        var value = JSON.parse(get(key) || "{}");
        return value && typeof value === "object" && !Array.isArray(value) ? value : {};
      } catch (error) {
        return {};
      }
    }

    function writeMap(key, map) {
      set(key, Object.keys(map).length ? JSON.stringify(map) : null);
    }

    function announce(date, id, status) {
      var key = blockKey(date);
      try {
        window.dispatchEvent(new StorageEvent("storage", { key: key, newValue: get(key), storageArea: window.localStorage }));
      } catch (error) { /* no StorageEvent constructor: other pages still read it on load */ }
      try {
        document.dispatchEvent(new CustomEvent("aura:statechange", { detail: { date: date, id: id, status: status, source: SOURCE } }));
      } catch (error) { /* very old browser */ }
    }

    function readUndo() {
      try {
        var list = JSON.parse(get(UNDO_KEY, window.sessionStorage) || "[]");
        return Array.isArray(list) ? list : [];
      } catch (error) {
        return [];
      }
    }

    function writeUndo(list) {
      set(UNDO_KEY, list.length ? JSON.stringify(list.slice(-UNDO_LIMIT)) : null, window.sessionStorage);
    }

    /* The records as this page last saw them, so a change made elsewhere on the page (the
       notifications page's own buttons) can be undone too. */
    var seen = {};

    function remember(date) {
      seen[date] = { blocks: get(blockKey(date)), tasks: get(taskKey(date)) };
    }

    try {
      for (var i = 0; i < window.localStorage.length; i += 1) {
        var match = DAY_KEY.exec(window.localStorage.key(i) || "");
        if (match) remember(match[2]);
      }
    } catch (error) { /* no storage: nothing to remember */ }

    document.addEventListener("aura:statechange", function (event) {
      var detail = event.detail || {};
      if (detail.source === SOURCE || !detail.date) return;
      var before = seen[detail.date] || { blocks: null, tasks: null };
      var undo = readUndo();
      undo.push({ date: detail.date, label: "", id: detail.id || "", blocks: before.blocks, tasks: before.tasks });
      writeUndo(undo);
      remember(detail.date);
    });

    /* The server's action for a change, and the one that takes it back. */
    function action(kind, id, date, undo) {
      return kind === "undo" ? { action: "undo", undo: undo, id: id, date: date } : { action: kind, id: id, date: date };
    }

    function inverse(sent) {
      if (!sent) return null;
      if (sent.action === "move") return { action: "undo", undo: "latest" };
      if (sent.action === "undo") return action(sent.undo, sent.id, sent.date);
      return action("undo", sent.id, sent.date, sent.action);
    }

    function send(sent) {
      return sent && Aura.sync ? Aura.sync.send(sent) : null;
    }

    function speak(text, hint) {
      if (Aura.say) Aura.say(text + (hint ? " " + hint : ""));
    }

    /* Remember both records of a day as they were, then change them. */
    function change(date, label, id, edit, sent) {
      var before = { date: date, label: label, id: id, blocks: get(blockKey(date)), tasks: get(taskKey(date)), sent: sent || null };
      var blocks = readMap(blockKey(date));
      var tasks = readMap(taskKey(date));
      edit(blocks, tasks);
      writeMap(blockKey(date), blocks);
      writeMap(taskKey(date), tasks);
      var undo = readUndo();
      undo.push(before);
      writeUndo(undo);
      remember(date);
      var status = api.status(date, id);
      announce(date, id, status);
      send(sent);
      return status;
    }

    var api = {
      /* "done", "snoozed" or "" for a block (its notification id), or for one of its tasks. */
      status: function (date, notificationId, taskId) {
        var block = readMap(blockKey(date))[notificationId];
        if (block === "done") return "done";
        if (taskId && readMap(taskKey(date))[taskId] === "done") return "done";
        return block === "snoozed" ? "snoozed" : "";
      },

      /* The time a block, or one of its tasks, was marked done in this browser ("09:04"), or "". */
      doneAt: function (date, notificationId, taskId) {
        var times = readMap(Aura.keys.doneTimes(date));
        return (taskId && times[taskId]) || times[notificationId] || "";
      },

      /* Done or not done. `taskId` and `siblings` (the ids of every task in the same block)
         make it one task's; without them, the whole block's. */
      setDone: function (date, notificationId, done, taskId, siblings, label) {
        var sent = action(done ? "done" : "undo", taskId || notificationId, date, "done");
        return change(date, label || "", notificationId, function (blocks, tasks) {
          var times = readMap(Aura.keys.doneTimes(date));
          var now = Aura.clockText(new Date(), Aura.siteTimeZone());
          var others = (siblings || []).filter(function (id) { return id !== taskId; });
          if (done) {
            var rest = others.filter(function (id) { return tasks[id] !== "done"; });
            if (taskId) times[taskId] = now;
            if (!taskId || rest.length === 0) {
              blocks[notificationId] = "done";
              times[notificationId] = now;
              others.concat(taskId ? [taskId] : []).forEach(function (id) { delete tasks[id]; });
            } else {
              tasks[taskId] = "done";
            }
          } else if (blocks[notificationId] === "done") {
            delete blocks[notificationId];
            if (taskId) {
              others.forEach(function (id) { tasks[id] = "done"; times[id] = times[id] || times[notificationId]; });
              delete times[taskId];
            }
            delete times[notificationId];
          } else if (taskId) {
            delete tasks[taskId];
            delete times[taskId];
          }
          writeMap(Aura.keys.doneTimes(date), times);
        }, sent);
      },

      /* Done flipped for a block (or one of its tasks, as setDone takes them), and said aloud:
         "Done: <label>." or "Not done: <label>.", then `hint`. Returns whether it is done now. */
      toggleDone: function (date, notificationId, taskId, siblings, label, hint) {
        var done = api.status(date, notificationId, taskId) !== "done";
        api.setDone(date, notificationId, done, taskId, siblings, label);
        speak((done ? "Done: " : "Not done: ") + label + ".", hint);
        return done;
      },

      /* A block's snooze flipped, and said aloud, as toggleDone. Returns whether it is snoozed now. */
      toggleSnoozed: function (date, notificationId, label, hint) {
        var snoozed = api.status(date, notificationId) !== "snoozed";
        api.setSnoozed(date, notificationId, snoozed, label);
        speak((snoozed ? "Snoozed 15 minutes: " : "Snooze taken back: ") + label + ".", hint);
        return snoozed;
      },

      /* Snooze 15 min, or take the snooze back: always the whole block, as a notification. */
      setSnoozed: function (date, notificationId, snoozed, label) {
        var sent = action(snoozed ? "snooze" : "undo", notificationId, date, "snooze");
        return change(date, label || "", notificationId, function (blocks) {
          if (snoozed) blocks[notificationId] = "snoozed";
          else if (blocks[notificationId] === "snoozed") delete blocks[notificationId];
        }, sent);
      },

      /* A change these records do not hold (a task moved to another day): sent now (the
         answer's promise, as Aura.sync.send gives it), and put back by undo() with the server's
         Undo of the latest change. `move` ({ taskId, from, to }) comes back from undo() so the
         page can put the row back. */
      note: function (date, label, sent, move) {
        var undo = readUndo();
        undo.push({ date: date, label: label, id: "", blocks: get(blockKey(date)), tasks: get(taskKey(date)), sent: sent, move: move || null });
        writeUndo(undo);
        return send(sent);
      },

      /* Put back the last change made in this tab; returns what it was, or null. */
      undo: function () {
        var list = readUndo();
        var last = list.pop();
        writeUndo(list);
        if (!last) return null;
        set(blockKey(last.date), last.blocks);
        set(taskKey(last.date), last.tasks);
        remember(last.date);
        announce(last.date, last.id, api.status(last.date, last.id));
        send(inverse(last.sent));
        return last;
      },

      /* The server's records ({ "<date>": { blocks: {…}, tasks: {…} } }) in place of this
         browser's, for the days it names. */
      replace: function (days) {
        Object.keys(days || {}).forEach(function (date) {
          var day = days[date] || {};
          var blocks = JSON.stringify(day.blocks || {});
          var tasks = JSON.stringify(day.tasks || {});
          if ((get(blockKey(date)) || "{}") === blocks && (get(taskKey(date)) || "{}") === tasks) return;
          writeMap(blockKey(date), day.blocks || {});
          writeMap(taskKey(date), day.tasks || {});
          remember(date);
          announce(date, "", "");
        });
      },

      canUndo: function () {
        return readUndo().length > 0;
      },

      /* Calls back whenever this or another tab changes a day's records. */
      watch: function (callback) {
        document.addEventListener("aura:statechange", function (event) { callback(event.detail || {}); });
        window.addEventListener("storage", function (event) {
          var match = event.key === null ? null : DAY_KEY.exec(event.key);
          if (event.isTrusted && (event.key === null || match)) {
            if (match) remember(match[2]);
            callback({});
          }
        });
      }
    };
    return api;
  })();

  /* One polite live region for every page: what a shortcut, a swipe or a check just did. */
  Aura.say = Aura.say || function (text) {
    var region = document.querySelector("[data-aura-status]");
    if (!region) {
      region = document.createElement("p");
      region.className = "visually-hidden";
      region.setAttribute("role", "status");
      region.setAttribute("data-aura-status", "");
      document.body.appendChild(region);
    }
    region.textContent = "";
    window.setTimeout(function () { region.textContent = text; }, 60);
  };

  /* ---- Done and Snoozed, drawn the same way on every page that shows the plan ----
     An element marked data-aura-task names its record: the day (data-date, on it or around
     it), its block's data-notification-id and, for one task of a block, data-task-id. It gets
     is-done or is-snoozed, and its own [data-aura-state] label says which (with the time it was
     done, as this browser or the page's data-done-at knows it). The week board and
     the dashboard draw through this, and redraw on every change (this tab's or another's). */
  function ownLabel(element) {
    var labels = element.querySelectorAll("[data-aura-state]");
    for (var i = 0; i < labels.length; i += 1) {
      if (labels[i].closest("[data-aura-task]") === element) return labels[i];
    }
    return null;
  }

  Aura.drawState = function (element) {
    var day = element.closest("[data-date]");
    var status = Aura.tasks.status(day ? day.getAttribute("data-date") : "", element.getAttribute("data-notification-id"),
      element.getAttribute("data-task-id") || undefined);
    element.classList.toggle("is-done", status === "done");
    element.classList.toggle("is-snoozed", status === "snoozed");
    var label = ownLabel(element);
    if (label) {
      var at = Aura.tasks.doneAt(day ? day.getAttribute("data-date") : "", element.getAttribute("data-notification-id"),
        element.getAttribute("data-task-id") || undefined) || element.getAttribute("data-done-at");
      label.textContent = status === "done" ? "Done" + (at ? " " + at : "")
        : status === "snoozed" ? "Snoozed " + Aura.duration(15) : "";
      label.hidden = !status;
    }
    return status;
  };

  Aura.drawStates = function (scope) {
    Array.prototype.forEach.call((scope || document).querySelectorAll("[data-aura-task]"), Aura.drawState);
  };

  if (document.querySelector("[data-aura-task]")) {
    Aura.drawStates();
    Aura.tasks.watch(function () { Aura.drawStates(); });
  }

  /* ---- The week board ---- */
  var board = document.querySelector("[data-week]");
  if (!board) return;

  var COLUMNS_KEY = Aura.keys.columns;
  var root = document.documentElement;
  var switcher = board.querySelector("[data-week-columns]");
  var fallback = board.getAttribute("data-default-columns") || "7";

  function storedColumns() {
    var value = null;
    try { value = window.localStorage.getItem(COLUMNS_KEY); } catch (error) { value = null; }
    return /^[357]$/.test(value || "") ? value : fallback;
  }

  function showColumns(value) {
    root.setAttribute("data-week-columns", value);
    drawPager();
    if (!switcher) return;
    Array.prototype.forEach.call(switcher.querySelectorAll("input[name=week-columns]"), function (input) {
      input.checked = input.value === value;
    });
  }

  /* ---- The pager: which days are in view, and a page back or on ----
     The stylesheet sizes the columns so whole days fill the scroller; this says which ones, and
     moves a page at a time (the snap points keep every stop on a whole day). */
  var scroller = board.querySelector("[data-week-days]");
  var pager = board.querySelector("[data-week-pager]");
  var pagerStatus = pager && pager.querySelector("[data-week-pager-status]");

  function shownDays() {
    return Array.prototype.filter.call(scroller.querySelectorAll("[data-week-day]"), function (day) {
      return day.getClientRects().length > 0;
    });
  }

  /* The first and last of `days` wholly inside the scroller's box, within a pixel. */
  function inView(days) {
    var box = scroller.getBoundingClientRect();
    var view = { first: -1, last: -1 };
    days.forEach(function (day, index) {
      var rect = day.getBoundingClientRect();
      if (rect.left < box.left - 1 || rect.right > box.right + 1) return;
      if (view.first < 0) view.first = index;
      view.last = index;
    });
    return view;
  }

  function drawPager() {
    if (!pager || !scroller) return;
    var end = scroller.scrollWidth - scroller.clientWidth;
    pager.hidden = end <= 1;
    if (pager.hidden) return;
    var days = shownDays();
    var view = inView(days);
    if (pagerStatus && view.first >= 0) {
      pagerStatus.textContent = (view.first === view.last ? "Day " + (view.first + 1) : "Days " + (view.first + 1) + "–" + (view.last + 1))
        + " of " + days.length;
    }
    Array.prototype.forEach.call(pager.querySelectorAll("[data-week-page]"), function (button) {
      button.disabled = button.getAttribute("data-week-page") === "-1" ? scroller.scrollLeft <= 1 : scroller.scrollLeft >= end - 1;
    });
  }

  function turnPage(direction) {
    var days = shownDays();
    var view = inView(days);
    if (days.length < 2 || view.first < 0) return;
    var step = days[1].getBoundingClientRect().left - days[0].getBoundingClientRect().left;
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    scroller.scrollBy({ left: direction * (view.last - view.first + 1) * step, behavior: still ? "auto" : "smooth" });
  }

  if (pager && scroller) {
    var pending = false;
    var redraw = function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () { pending = false; drawPager(); });
    };
    scroller.addEventListener("scroll", redraw, { passive: true });
    window.addEventListener("resize", redraw);
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(redraw);
    pager.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("[data-week-page]") : null;
      if (button && !button.disabled) turnPage(button.getAttribute("data-week-page") === "-1" ? -1 : 1);
    });
    drawPager();
  }

  if (switcher) {
    showColumns(storedColumns());
    switcher.hidden = false;
    switcher.addEventListener("change", function (event) {
      var input = event.target;
      if (!input || input.name !== "week-columns" || !/^[357]$/.test(input.value)) return;
      try { window.localStorage.setItem(COLUMNS_KEY, input.value); } catch (error) { /* this visit only */ }
      showColumns(input.value);
    });
    window.addEventListener("storage", function (event) {
      if (event.key === COLUMNS_KEY && event.isTrusted) showColumns(storedColumns());
    });
  }

  var hint = board.querySelector("[data-week-hint]");
  if (hint && window.matchMedia && window.matchMedia("(hover: hover) and (pointer: fine)").matches) hint.hidden = false;

  /* ---- Done on each task ---- */
  var rows = Array.prototype.slice.call(board.querySelectorAll(".week-task[data-task-id]"));

  function siblingsOf(row) {
    var date = row.getAttribute("data-date");
    var id = row.getAttribute("data-notification-id");
    return rows.filter(function (other) {
      return other.getAttribute("data-date") === date && other.getAttribute("data-notification-id") === id;
    }).map(function (other) { return other.getAttribute("data-task-id"); });
  }

  /* The state itself is drawn above, with every other [data-aura-task]; the check follows it. */
  function drawChecks() {
    rows.forEach(function (row) {
      var check = row.querySelector("[data-week-done]");
      if (check) check.setAttribute("aria-pressed", String(row.classList.contains("is-done")));
    });
  }

  /* Exposed for the keyboard and swipes: the record a week row belongs to. */
  Aura.weekRow = function (row) {
    return {
      date: row.getAttribute("data-date"),
      notificationId: row.getAttribute("data-notification-id"),
      taskId: row.getAttribute("data-task-id"),
      siblings: siblingsOf(row),
      title: (row.querySelector(".week-task__title") || row).textContent.trim()
    };
  };

  rows.forEach(function (row) {
    var check = row.querySelector("[data-week-done]");
    if (check) check.hidden = false;
  });
  drawChecks();
  Aura.tasks.watch(drawChecks);

  board.addEventListener("click", function (event) {
    var check = event.target.closest ? event.target.closest("[data-week-done]") : null;
    if (!check) return;
    var row = check.closest(".week-task");
    if (!row) return;
    var task = Aura.weekRow(row);
    Aura.tasks.toggleDone(task.date, task.notificationId, task.taskId, task.siblings, task.title, "Press z to undo.");
  });

  /* ---- Moving a task to another day ----
     Served pages only (the server re-plans the days a move touches): drag a task with a mouse
     or pen onto another day, or select it and press Shift+← or Shift+→ (70-keyboard.js). The
     row goes there at once, marked Moved; the page reloads at the next safe moment (55-live.js)
     to show the times the new plan gave it. A move the server refuses (a repeating task) puts
     the row back and says why; z takes a move back like a Done. */
  var live = Boolean(Aura.live && Aura.live()); // Aura.sync itself comes with 55-live.js, after this
  var columns = Array.prototype.slice.call(board.querySelectorAll("[data-week-day]"));

  function columnOf(date) {
    return columns.filter(function (day) { return day.getAttribute("data-date") === date; })[0] || null;
  }

  function dayName(date) {
    var column = columnOf(date);
    var link = column && column.querySelector(".week-day__link");
    return link ? link.textContent.trim() : date;
  }

  /* An empty day's "Nothing planned." comes and goes with its last task. */
  function drawEmpty(column) {
    var list = column.querySelector(".week-tasks");
    var empty = !list || !list.querySelector(".week-task");
    var note = column.querySelector(".week-day__empty");
    if (empty && !note) {
      note = document.createElement("p");
      note.className = "week-day__empty";
      note.textContent = "Nothing planned.";
      column.appendChild(note);
    }
    if (note) note.hidden = !empty;
    if (list) list.hidden = empty;
  }

  /* Puts `row` at the end of `date`'s column; `moved` marks it Moved (or takes the mark off). */
  function place(row, date, moved) {
    var to = columnOf(date);
    var from = row.closest("[data-week-day]");
    if (!to) return false;
    var list = to.querySelector(".week-tasks");
    if (!list) {
      list = document.createElement("ol");
      list.className = "week-tasks";
      list.setAttribute("aria-labelledby", "week-day-" + date);
      list.setAttribute("data-select-group", "");
      to.appendChild(list);
    }
    list.appendChild(row);
    row.setAttribute("data-date", date);
    row.classList.toggle("is-moved", moved);
    var when = row.querySelector(".week-task__when");
    var mark = row.querySelector("[data-week-moved]");
    if (moved && !mark && when) {
      mark = document.createElement("span");
      mark.className = "week-task__moved";
      mark.setAttribute("data-week-moved", "");
      mark.textContent = "Moved";
      when.parentNode.insertBefore(mark, when);
    }
    if (mark) mark.hidden = !moved;
    if (when) when.hidden = moved;
    drawEmpty(to);
    if (from && from !== to) drawEmpty(from);
    Aura.drawStates(board);
    return true;
  }

  /* Moves a week row to `date` on the server; false when this page cannot (a static host, no
     such day on the board, already there). */
  Aura.weekMove = function (row, date) {
    if (!live || !Aura.sync || !columnOf(date) || row.getAttribute("data-date") === date) return false;
    var task = Aura.weekRow(row);
    var from = row.getAttribute("data-original-date") || task.date;
    row.setAttribute("data-original-date", from);
    place(row, date, date !== from);
    if (Aura.say) Aura.say("Moved: " + task.title + " to " + dayName(date) + ". Press z to undo.");
    var answered = Aura.tasks.note(task.date, task.title, { action: "move", id: task.taskId, date: date },
      { taskId: task.taskId, from: task.date, to: date });
    if (answered) answered.then(function (result) {
      if (result.outcome !== "refused") return;
      place(row, task.date, task.date !== from);
      if (Aura.say) Aura.say("Not moved: " + result.message);
    });
    return true;
  };

  /* Puts a row back after z took its move back. */
  Aura.weekUnmove = function (move) {
    var row = move && board.querySelector('.week-task[data-task-id="' + move.taskId + '"][data-date="' + move.to + '"]');
    if (!row) return;
    var from = row.getAttribute("data-original-date") || move.from;
    place(row, move.from, move.from !== from);
  };

  /* The shown day whose column spans x, while y is within the board's days. */
  function columnAt(x, y) {
    var days = board.querySelector("[data-week-days]");
    var box = days ? days.getBoundingClientRect() : null;
    if (!box || y < box.top || y > box.bottom) return null;
    return columns.filter(function (day) {
      var rect = day.getBoundingClientRect();
      return rect.width > 0 && x >= rect.left && x < rect.right;
    })[0] || null;
  }

  var dragged = null;
  var swallowClick = false;
  var DRAG_START = 8;

  /* Held near the edge of the days, the board turns a day at a time towards those out of view
     (a day, not pixels: the days snap to whole columns). */
  var EDGE = 48;
  var EDGE_PAUSE_MS = 600;
  function autoScroll() {
    var scroller = board.querySelector("[data-week-days]");
    if (!dragged || !dragged.active || !scroller || dragged.scrolling) return;
    var box = scroller.getBoundingClientRect();
    var step = dragged.x2 < box.left + EDGE ? -1 : dragged.x2 > box.right - EDGE ? 1 : 0;
    var days = shownDays();
    if (!step || days.length < 2) return;
    var before = scroller.scrollLeft;
    scroller.scrollBy({ left: step * (days[1].getBoundingClientRect().left - days[0].getBoundingClientRect().left), behavior: "auto" });
    if (scroller.scrollLeft === before) return;
    dragged.scrolling = true;
    follow();
    window.setTimeout(function () {
      if (!dragged) return;
      dragged.scrolling = false;
      follow();
      autoScroll();
    }, EDGE_PAUSE_MS);
  }

  /* The row under the pointer (the days may have scrolled under it), and the day it is over. */
  function follow() {
    var scroller = board.querySelector("[data-week-days]");
    var scrolled = scroller ? scroller.scrollLeft - dragged.scrollLeft : 0;
    dragged.row.style.transform = "translate(" + (dragged.x2 - dragged.x + scrolled) + "px, " + (dragged.y2 - dragged.y) + "px)";
    var over = columnAt(dragged.x2, dragged.y2);
    dragged.target = over && over.getAttribute("data-date") !== dragged.row.getAttribute("data-date") ? over : null;
    columns.forEach(function (day) { day.classList.toggle("is-drop-target", day === dragged.target); });
  }

  function endDrag() {
    if (!dragged) return;
    dragged.row.style.transform = "";
    dragged.row.classList.remove("is-dragging");
    board.classList.remove("is-dragging-task");
    columns.forEach(function (day) { day.classList.remove("is-drop-target"); });
    dragged = null;
  }

  if (live) {
    board.classList.add("is-movable");
    // A link's own drag (its address, to another window) would take the pointer away.
    board.addEventListener("dragstart", function (event) {
      if (event.target.closest && event.target.closest(".week-task")) event.preventDefault();
    });
    document.addEventListener("click", function (event) {
      if (!swallowClick) return;
      event.preventDefault();
      event.stopPropagation();
    }, true);
    board.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "touch" || !event.isPrimary || event.button !== 0) return;
      var row = event.target.closest ? event.target.closest(".week-task[data-task-id]") : null;
      if (!row || event.target.closest("button, input, form")) return;
      var scroller = board.querySelector("[data-week-days]");
      dragged = { row: row, id: event.pointerId, x: event.clientX, y: event.clientY, active: false, target: null,
                  scrollLeft: scroller ? scroller.scrollLeft : 0 };
    });
    document.addEventListener("pointermove", function (event) {
      if (!dragged || event.pointerId !== dragged.id) return;
      var dx = event.clientX - dragged.x;
      var dy = event.clientY - dragged.y;
      if (!dragged.active) {
        if (Math.abs(dx) < DRAG_START && Math.abs(dy) < DRAG_START) return;
        dragged.active = true;
        dragged.row.classList.add("is-dragging");
        board.classList.add("is-dragging-task");
      }
      event.preventDefault();
      dragged.x2 = event.clientX;
      dragged.y2 = event.clientY;
      follow();
      autoScroll();
    });
    document.addEventListener("pointerup", function (event) {
      if (!dragged || event.pointerId !== dragged.id) return;
      var state = dragged;
      endDrag();
      if (!state.active) return;
      // The click that ends a drag (dispatched with this pointerup) is not a click on its link.
      swallowClick = true;
      window.setTimeout(function () { swallowClick = false; }, 0);
      if (state.target) Aura.weekMove(state.row, state.target.getAttribute("data-date"));
    });
    document.addEventListener("pointercancel", function (event) {
      if (dragged && event.pointerId === dragged.id) endDrag();
    });
  }
})();
