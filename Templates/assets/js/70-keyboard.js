/* Keyboard first, and swipe to complete. While no text field has focus and no Ctrl, ⌘ or Alt
   is held (those keys stay the browser's):
     n new item · k quick capture · j focus mode · t push the rest of today to tomorrow ·
     d done · s snooze 15 min (on the selected row) · arrows move the selection ·
     Shift+← Shift+→ move the selected week task a day (50-week.js; a command when static) ·
     z undo the last done, snooze or move · ? every shortcut · Esc close, or leave focus mode.
   Rows: the week board's tasks and lanes ([data-selectable]), the schedule's blocks
   ([data-block-id]) and the notifications ([data-notification-id]). Done and Snooze go through
   window.Aura.tasks (50-week.js), the record the notifications page keeps, and from there to
   the server when `aura serve` rendered the page. There quick capture adds the line to the
   inbox and push moves the tasks and plans again (Aura.sync, 55-live.js); on a static host
   both show the `aura` command to run. On touch screens a sideways swipe of
   a schedule block or a week task completes it; z takes it back. */
(function () {
  "use strict";

  var Aura = window.Aura = window.Aura || {};
  var ROWS = "[data-selectable], [data-timeline] .block[data-block-id], [data-notices] [data-notice][data-notification-id]";
  var SWIPE_ROWS = ".week-task[data-swipe], [data-timeline] .block[data-block-id]";
  var THRESHOLD = 80;

  function say(text) {
    if (Aura.say) Aura.say(text);
  }

  var siteRoot = Aura.root; // 11-site.js

  /* Today in the site's time zone, as on the schedule. */
  function today() {
    return window.Aura.wallClock(new Date(), window.Aura.siteTimeZone()).day;
  }

  var isTextField = Aura.isTextField; // 11-site.js

  /* Controls whose arrow keys already mean something. */
  function ownsArrows(element) {
    if (!element || element.nodeType !== 1) return false;
    if (element.tagName === "INPUT" && /^(radio|range)$/i.test(element.type)) return true;
    return Boolean(element.closest && element.closest("[role=radiogroup], [role=tablist], [role=menu], [role=listbox], [role=slider]"));
  }

  /* ---- Rows, and the record each belongs to ---- */
  function visible(element) {
    return element.getClientRects().length > 0;
  }

  function rows() {
    return Array.prototype.filter.call(document.querySelectorAll(ROWS), visible);
  }

  function describe(row) {
    if (row.matches(".week-task") && Aura.weekRow) {
      var task = Aura.weekRow(row);
      task.kind = "task";
      return task;
    }
    var blockId = row.getAttribute("data-block-id");
    var timeline = row.closest("[data-timeline]");
    if (blockId && timeline) {
      var title = row.querySelector(".block__title");
      return { kind: "block", date: timeline.getAttribute("data-date"), notificationId: "notify-" + blockId,
               title: title ? title.textContent.trim() : blockId };
    }
    var notificationId = row.getAttribute("data-notification-id");
    var notices = row.closest("[data-notifications]");
    if (notificationId && notices) {
      var heading = row.querySelector(".notice__title");
      return { kind: "notice", date: notices.getAttribute("data-date"), notificationId: notificationId,
               title: heading ? heading.textContent.trim() : notificationId, alwaysToday: true };
    }
    var name = row.querySelector(".week-lane__name");
    return { kind: "other", id: row.getAttribute("data-item-id") || "", title: name ? name.textContent.trim() : row.textContent.trim() };
  }

  /* ---- The selection: one row, with a focus ring, and focus on it ---- */
  var selected = null;

  function current() {
    var active = document.activeElement;
    var holder = active && active.closest ? active.closest(ROWS) : null;
    if (holder && visible(holder)) return holder;
    return selected && document.contains(selected) && visible(selected) ? selected : null;
  }

  function select(row) {
    if (selected && selected !== row) selected.classList.remove("is-selected");
    selected = row;
    row.classList.add("is-selected");
    if (!row.hasAttribute("tabindex")) row.setAttribute("tabindex", "-1");
    try { row.focus({ preventScroll: true }); } catch (error) { row.focus(); }
    row.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  function unselect() {
    if (!selected) return;
    selected.classList.remove("is-selected");
    if (document.activeElement === selected) selected.blur();
    selected = null;
  }

  document.addEventListener("pointerdown", function (event) {
    if (selected && !(event.target.closest && event.target.closest(ROWS) === selected)) {
      selected.classList.remove("is-selected");
      selected = null;
    }
  });

  function groupOf(row) {
    return row.closest("[data-select-group]");
  }

  function move(key) {
    var all = rows();
    if (!all.length) return false;
    var from = current();
    if (!from) {
      select(all[0]);
      return true;
    }
    var board = document.querySelector("[data-week]");
    var group = board ? groupOf(from) : null;
    if (key === "ArrowUp" || key === "ArrowDown") {
      var within = group ? all.filter(function (row) { return groupOf(row) === group; }) : all;
      var index = within.indexOf(from) + (key === "ArrowDown" ? 1 : -1);
      if (index >= 0 && index < within.length) select(within[index]);
      return true;
    }
    if (!board) return false; // Left and Right stay the page's, except across the week's days
    var groups = [];
    all.forEach(function (row) {
      var own = groupOf(row);
      if (own && groups.indexOf(own) < 0) groups.push(own);
    });
    var at = groups.indexOf(group);
    var to = groups[at + (key === "ArrowRight" ? 1 : -1)];
    if (at < 0 || !to) return true;
    var position = all.filter(function (row) { return groupOf(row) === group; }).indexOf(from);
    var target = all.filter(function (row) { return groupOf(row) === to; });
    select(target[Math.min(position, target.length - 1)]);
    return true;
  }

  /* ---- Done, Snooze, Undo ---- */
  function toggleDone(row) {
    var item = describe(row);
    if (item.kind === "other") {
      say("Undated items are marked done in a terminal: aura done " + item.id + ".");
      return;
    }
    Aura.tasks.toggleDone(item.date, item.notificationId, item.taskId, item.siblings, item.title, "Press z to undo.");
  }

  function toggleSnooze(row) {
    var item = describe(row);
    if (item.kind === "other") {
      say("Undated items have no reminder to snooze.");
      return;
    }
    if (!item.alwaysToday && item.date !== today()) {
      say("Snooze is for today’s blocks.");
      return;
    }
    Aura.tasks.toggleSnoozed(item.date, item.notificationId, item.title, "Press z to undo.");
  }

  function act(action) {
    if (!Aura.tasks) return;
    if (document.querySelector("[data-focus]") && Aura.focusAction) {
      Aura.focusAction(action);
      return;
    }
    var row = current();
    if (!row) {
      say(rows().length ? "Select a row first with the arrow keys." : "Nothing here to mark.");
      return;
    }
    if (action === "done") toggleDone(row);
    else toggleSnooze(row);
  }

  function undo() {
    var last = Aura.tasks ? Aura.tasks.undo() : null;
    if (last && last.move && Aura.weekUnmove) Aura.weekUnmove(last.move);
    say(last ? "Undone" + (last.label ? ": " + last.label : "") + "." : "Nothing to undo.");
  }

  /* ---- Shift+← and Shift+→: the selected week task to the shown day before or after ---- */
  function shiftDay(key) {
    var board = document.querySelector("[data-week]");
    if (!board) return false;
    var row = current();
    if (!row || !row.matches(".week-task[data-task-id]")) {
      say("Select a task first with the arrow keys.");
      return true;
    }
    var days = Array.prototype.filter.call(board.querySelectorAll("[data-week-day]"), visible);
    var at = days.indexOf(row.closest("[data-week-day]"));
    var to = days[at + (key === "ArrowRight" ? 1 : -1)];
    var task = Aura.weekRow(row);
    if (at < 0 || !to) {
      say(key === "ArrowRight" ? "No later day is shown; the task’s own page moves it to any day."
        : "No earlier day is shown.");
      return true;
    }
    var date = to.getAttribute("data-date");
    if (Aura.weekMove && Aura.weekMove(row, date)) {
      select(row);
    } else {
      moveCommand(task, date);
    }
    return true;
  }

  /* ---- Overlays ---- */
  var lastFocus = null;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function overlay(id, title, build) {
    var existing = document.getElementById(id);
    if (existing) return existing;
    var dialog = element("dialog", "aura-dialog");
    dialog.id = id;
    dialog.setAttribute("aria-labelledby", id + "-title");
    var form = element("form", "aura-dialog__form");
    form.method = "dialog";
    var heading = element("h2", "aura-dialog__title", title);
    heading.id = id + "-title";
    form.appendChild(heading);
    build(form, dialog);
    var buttons = form.querySelector(".aura-dialog__actions") || form.appendChild(element("div", "button-row aura-dialog__actions"));
    var close = element("button", "button button--quiet", "Close");
    close.type = "submit";
    close.value = "close";
    close.setAttribute("data-close", "");
    buttons.appendChild(close);
    dialog.appendChild(form);
    dialog.addEventListener("close", function () {
      if (lastFocus && document.contains(lastFocus)) {
        try { lastFocus.focus({ preventScroll: true }); } catch (error) { lastFocus.focus(); }
      }
      lastFocus = null;
    });
    document.body.appendChild(dialog);
    return dialog;
  }

  function open(dialog, focusTarget) {
    if (dialog.open) return;
    lastFocus = document.activeElement;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    var target = focusTarget || dialog.querySelector("[data-close]");
    if (target) target.focus();
  }

  /* A dialog's row of buttons with its one action (`type`, marked with the attribute `marker`;
     Close joins it), and the status line under it. */
  function actionRow(form, text, type, marker) {
    var buttons = element("div", "button-row aura-dialog__actions");
    var button = element("button", "button", text);
    button.type = type;
    button.setAttribute(marker, "");
    buttons.appendChild(button);
    form.appendChild(buttons);
    var status = element("p", "aura-dialog__status");
    status.setAttribute("role", "status");
    form.appendChild(status);
    return { button: button, status: status };
  }

  /* A command, shown as code, with Copy (and Close) right under it. */
  function commandBlock(form) {
    var pre = element("pre", "aura-command");
    var code = element("code");
    code.setAttribute("data-command", "");
    pre.appendChild(code);
    form.appendChild(pre);
    var row = actionRow(form, "Copy command", "button", "data-copy");
    var copy = row.button;
    var status = row.status;
    copy.addEventListener("click", function () {
      copyText(code, status);
    });
    return code;
  }

  /* A paragraph of text and `code` parts: ["run ", ["aura push"], " to …"]. */
  function prose(node, parts) {
    node.textContent = "";
    parts.forEach(function (part) {
      node.appendChild(Array.isArray(part) ? element("code", "", part[0]) : document.createTextNode(part));
    });
    return node;
  }

  function copyText(code, status) {
    var text = code.textContent;
    function fallback() {
      var range = document.createRange();
      range.selectNodeContents(code);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      status.textContent = copied ? "Copied. Paste it into a terminal." : "Selected: copy it with your keyboard, then paste it into a terminal.";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () {
        status.textContent = "Copied. Paste it into a terminal.";
      }, fallback);
    } else {
      fallback();
    }
  }

  /* aura add "…": the text inside double quotes, safe for a POSIX shell. */
  function quoted(text) {
    return "\"" + text.replace(/[\\"$`]/g, "\\$&") + "\"";
  }

  /* Quick capture's field (#<id>-input), its label and its hint (#<id>-hint), added to `form`. */
  function captureField(form, id, hint) {
    var field = element("div", "field");
    var label = element("label", "field__label", "What is on your mind?");
    label.setAttribute("for", id + "-input");
    var input = element("input", "field__input");
    input.id = id + "-input";
    input.type = "text";
    input.autocomplete = "off";
    input.setAttribute("aria-describedby", id + "-hint");
    var note = element("p", "field__hint", "Write it as you would say it: “call Sam friday at 3pm”. " + hint);
    note.id = id + "-hint";
    field.appendChild(label);
    field.appendChild(input);
    field.appendChild(note);
    form.appendChild(field);
    return input;
  }

  /* Served by `aura serve` (Aura.sync, 55-live.js): the line goes to the inbox itself. */
  function liveCapture() {
    var input, add, status;
    var dialog = overlay("aura-capture-live", "Quick capture", function (form) {
      input = captureField(form, "aura-capture-live", "Enter adds it to your inbox; Plan My Day places it.");
      var row = actionRow(form, "Add to inbox", "submit", "data-capture-add");
      add = row.button;
      status = row.status;
      status.setAttribute("data-capture-status", "");
      form.addEventListener("submit", function (event) {
        if (event.submitter && event.submitter.hasAttribute("data-close")) return;
        event.preventDefault();
        var text = input.value.trim();
        if (!text || add.disabled) return;
        add.disabled = true;
        Aura.sync.capture(text).then(function (result) {
          add.disabled = false;
          if (result.outcome === "refused") {
            status.textContent = result.message;
            return;
          }
          input.value = "";
          status.textContent = result.outcome === "queued"
            ? "Kept in this browser: “" + text + "” goes to your inbox when the connection is back."
            : "Added to your inbox: “" + text + "”. Plan My Day places it.";
        });
      });
    });
    dialog.querySelector("[data-capture-status]").textContent = "";
    open(dialog, dialog.querySelector("#aura-capture-live-input"));
  }

  function livePush() {
    var dialog = overlay("aura-push-live", "Push the rest of today to tomorrow", function (form) {
      form.appendChild(element("p", "aura-dialog__text", "Today’s unfinished one-off tasks move to tomorrow; repeating tasks stay where they are. Then what is left of today is planned again."));
      var row = actionRow(form, "Push to tomorrow", "button", "data-push");
      var push = row.button;
      var status = row.status;
      push.addEventListener("click", function () {
        push.disabled = true;
        status.textContent = "Moving…";
        Aura.sync.push().then(function (result) {
          if (result.outcome === "done") {
            status.textContent = "Moved " + result.moved + (result.moved === 1 ? " task" : " tasks") + " to tomorrow.";
            try { window.sessionStorage.setItem(Aura.keys.appUpdated, JSON.stringify({ pushed: result.moved })); } catch (error) { /* no line then */ }
            window.location.reload();
            return;
          }
          push.disabled = false;
          status.textContent = result.outcome === "unreachable"
            ? "No connection: nothing was moved. Try again when you are back online." : result.message;
        });
      });
    });
    open(dialog, dialog.querySelector("[data-push]"));
  }

  function quickCapture() {
    if (Aura.live() && Aura.sync) {
      liveCapture();
      return;
    }
    var input;
    var dialog = overlay("aura-capture", "Quick capture", function (form) {
      input = captureField(form, "aura-capture", "Enter copies the command.");
      form.appendChild(element("p", "aura-dialog__text", "This site is static: Aura adds it to the inbox from a terminal. Run:"));
      var code = commandBlock(form);
      function update() {
        var text = input.value.trim();
        code.textContent = "aura add " + quoted(text || "…");
        form.querySelector("[data-copy]").disabled = !text;
      }
      input.addEventListener("input", update);
      update();
      form.addEventListener("submit", function (event) {
        if (event.submitter && event.submitter.hasAttribute("data-close")) return;
        event.preventDefault();
        if (input.value.trim()) copyText(code, form.querySelector("[role=status]"));
      });
    });
    open(dialog, dialog.querySelector("#aura-capture-input"));
  }

  /* On a static host a move is made in a terminal: the command for it. */
  function moveCommand(task, date) {
    var dialog = overlay("aura-move", "Move a task to another day", function (form) {
      form.appendChild(element("p", "aura-dialog__text", "This site is static: the move happens in a terminal. Run:"));
      commandBlock(form);
      var what = element("p", "aura-dialog__text");
      what.setAttribute("data-move-what", "");
      form.appendChild(what);
    });
    dialog.querySelector("[data-command]").textContent = "aura move " + task.taskId + " " + date + "\naura plan --build";
    prose(dialog.querySelector("[data-move-what]"), [["aura move"], " puts “" + task.title + "” on " + date + "; ",
      ["aura plan --build"], " then plans the days again and rebuilds these pages."]);
    dialog.querySelector("[role=status]").textContent = "";
    open(dialog, dialog.querySelector("[data-copy]"));
  }

  function pushToTomorrow() {
    if (Aura.live() && Aura.sync) {
      livePush();
      return;
    }
    var dialog = overlay("aura-push", "Push the rest of today to tomorrow", function (form) {
      form.appendChild(element("p", "aura-dialog__text", "This site is static: the move happens in a terminal. Run:"));
      commandBlock(form);
      var what = element("p", "aura-dialog__text");
      what.setAttribute("data-push-what", "");
      form.appendChild(what);
      var list = element("ul", "aura-dialog__list");
      list.setAttribute("data-push-list", "");
      form.appendChild(list);
    });
    var code = dialog.querySelector("[data-command]");
    var what = dialog.querySelector("[data-push-what]");
    var list = dialog.querySelector("[data-push-list]");
    dialog.querySelector("[role=status]").textContent = "";
    list.textContent = "";

    // On the week board: what is still open today, and what this browser has marked done.
    var day = document.querySelector("[data-week] .week-day--today");
    var next = day && day.nextElementSibling ? day.nextElementSibling.querySelector(".week-day__link") : null;
    var repeating = Array.prototype.map.call(document.querySelectorAll(".week-lane--reminders [data-item-id]"), function (item) {
      return item.getAttribute("data-item-id");
    });
    var still = [];
    var done = [];
    if (day && Aura.weekRow) {
      Array.prototype.forEach.call(day.querySelectorAll(".week-task[data-task-id]"), function (row) {
        var task = Aura.weekRow(row);
        if (Aura.tasks.status(task.date, task.notificationId, task.taskId) === "done") done.push(task.taskId);
        else if (repeating.indexOf(task.taskId) < 0) still.push(task.title);
      });
    }
    var doneLine = done.length ? "aura done " + done.join(" ") : "";
    code.textContent = (doneLine ? doneLine + "\n" : "") + "aura push\naura plan --build";
    var parts = [];
    if (doneLine) parts.push([doneLine], " first tells Aura what you marked done in this browser. ");
    parts.push(["aura push"], " moves today’s unfinished one-off tasks to " + (next ? next.textContent.trim() : "tomorrow") +
      "; repeating tasks stay where they are. ", ["aura plan --build"], " then plans what is left of today and rebuilds these pages.");
    if (still.length) parts.push(" Still open today:");
    prose(what, parts);
    list.hidden = still.length === 0;
    still.forEach(function (title) {
      list.appendChild(element("li", "", title));
    });
    open(dialog, dialog.querySelector("[data-copy]"));
  }

  var SHORTCUTS = [
    [["n"], "n", "New item: the planner’s capture field"],
    [["k"], "k", "Quick capture, from any page"],
    [["j"], "j", "Focus mode: one task, full screen"],
    [["t"], "t", "Push the rest of today to tomorrow"],
    [["d"], "d", "Done, on the selected row"],
    [["s"], "s", "Snooze 15 min, on the selected row"],
    [["↑", "↓"], "ArrowUp ArrowDown", "Move the selection", ["Up arrow", "Down arrow"]],
    [["←", "→"], "ArrowLeft ArrowRight", "Move across days, on the week board", ["Left arrow", "Right arrow"]],
    [["⇧←", "⇧→"], "Shift+ArrowLeft Shift+ArrowRight", "Move the selected task a day earlier or later, on the week board",
      ["Shift and left arrow", "Shift and right arrow"]],
    [["z"], "z", "Undo the last Done, Snooze or move"],
    [["?"], "?", "This list of shortcuts"],
    [["Esc"], "Escape", "Close an overlay, or leave focus mode"]
  ];

  function help() {
    var dialog = overlay("aura-shortcuts", "Keyboard shortcuts", function (form) {
      form.appendChild(element("p", "aura-dialog__text", "They work whenever no text field has focus. With Ctrl, ⌘ or Alt held, keys stay the browser’s. On a touch screen, swipe a block or a week task sideways to mark it done."));
      var list = element("dl", "shortcuts");
      SHORTCUTS.forEach(function (entry) {
        var term = element("dt");
        term.setAttribute("data-shortcut", entry[1]);
        entry[0].forEach(function (key, index) {
          var kbd = element("kbd");
          if (entry[3]) {
            var glyph = element("span", "", key);
            glyph.setAttribute("aria-hidden", "true");
            kbd.appendChild(glyph);
            kbd.appendChild(element("span", "visually-hidden", entry[3][index]));
          } else {
            kbd.textContent = key;
          }
          term.appendChild(kbd);
        });
        list.appendChild(term);
        list.appendChild(element("dd", "", entry[2]));
      });
      form.appendChild(list);
    });
    open(dialog);
  }

  /* ---- The keys ---- */
  function newItem() {
    var field = document.getElementById("inbox-input");
    if (field) {
      field.focus();
      field.scrollIntoView({ block: "center" });
    } else {
      window.location.assign(siteRoot() + "planner/#inbox-input");
    }
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.isComposing) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.getModifierState && event.getModifierState("AltGraph")) return;
    if (isTextField(event.target) || isTextField(document.activeElement)) return;
    if (document.querySelector("dialog[open]")) return;
    var key = event.key;
    if (/^Arrow(Up|Down|Left|Right)$/.test(key)) {
      if (ownsArrows(event.target)) return;
      if (event.shiftKey) {
        if ((key === "ArrowLeft" || key === "ArrowRight") && !event.repeat && shiftDay(key)) event.preventDefault();
        return;
      }
      if (move(key)) event.preventDefault();
      return;
    }
    if (key === "Escape") {
      if (selected && !document.querySelector("[data-focus]")) unselect();
      return;
    }
    if (event.repeat) return;
    var handled = true;
    switch (key) {
      case "n": newItem(); break;
      case "k": quickCapture(); break;
      case "j":
        if (!document.querySelector("[data-focus]")) window.location.assign(siteRoot() + "focus/");
        break;
      case "t": pushToTomorrow(); break;
      case "d": act("done"); break;
      case "s": act("snooze"); break;
      case "z": undo(); break;
      case "?": help(); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });

  /* Arriving at /planner/#inbox-input (from n on another page): the field takes focus. */
  if (window.location.hash === "#inbox-input") {
    var inbox = document.getElementById("inbox-input");
    if (inbox) inbox.focus();
  }

  /* ---- Swipe to complete ---- */
  var weekSwipe = Boolean(window.CSS && CSS.supports && CSS.supports("touch-action", "pan-y pan-right"));
  var drag = null;

  function resetDrag() {
    if (!drag) return;
    var state = drag;
    drag = null;
    state.mover.style.transform = "";
    window.setTimeout(function () {
      state.holder.classList.remove("is-swiping", "is-armed", "is-swipe-left");
    }, 200);
  }

  document.addEventListener("pointerdown", function (event) {
    if (event.pointerType !== "touch" || !event.isPrimary || !Aura.tasks) return;
    var row = event.target.closest ? event.target.closest(SWIPE_ROWS) : null;
    if (!row) return;
    var week = row.matches(".week-task");
    if (week && !weekSwipe) return;
    var mover = week ? row.querySelector(".week-task__inner") : row;
    var holder = week ? row : row.parentElement;
    if (!mover || !holder) return;
    drag = { row: row, mover: mover, holder: holder, week: week, id: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, active: false };
  });

  document.addEventListener("pointermove", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    var dx = event.clientX - drag.x;
    var dy = event.clientY - drag.y;
    if (!drag.active) {
      if (Math.abs(dy) > 10 && Math.abs(dy) > Math.abs(dx)) { drag = null; return; }
      if (Math.abs(dx) < 10 || Math.abs(dx) < Math.abs(dy)) return;
      if (drag.week && dx < 0) { drag = null; return; } // leftwards, the week's days scroll
      drag.active = true;
      drag.holder.classList.add("is-swiping");
      try { drag.row.setPointerCapture(event.pointerId); } catch (error) { /* a synthetic pointer */ }
    }
    drag.dx = dx;
    drag.mover.style.transform = "translateX(" + dx + "px)";
    drag.holder.classList.toggle("is-armed", Math.abs(dx) >= THRESHOLD);
    drag.holder.classList.toggle("is-swipe-left", dx < 0);
  });

  document.addEventListener("pointerup", function (event) {
    if (!drag || event.pointerId !== drag.id) return;
    var state = drag;
    if (state.active && Math.abs(state.dx) >= THRESHOLD) toggleDone(state.row);
    resetDrag();
  });

  document.addEventListener("pointercancel", function (event) {
    if (drag && event.pointerId === drag.id) resetDrag();
  });
})();
