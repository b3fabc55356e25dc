/* The installed app: the service worker (offline pages), safe-moment updates and the badge.

   A newer build never reloads the page under the hand. Its service worker waits until a safe
   moment: no row hovered or focused, no text field focused or holding unsaved text, and nothing
   touched (pointer, key, scroll) for four seconds, or the next visit. Then it takes over, the page
   reloads once, and one quiet line says the plan was updated.

   The badge shows the open tasks left today: today's notifications in /notifications.json less
   those marked Done in this browser, set when a notification is shown and whenever Done or
   Snooze changes; cleared at zero.

   Without service workers, the Badging API or this script, every page still works online. */
(function () {
  "use strict";

  var Aura = window.Aura = window.Aura || {};
  var IDLE_MS = 4000;
  var CHECK_MS = 500;
  var SETTLE_MS = 1500;
  var UPDATED_KEY = Aura.keys.appUpdated;
  var ROWS = ["[data-block-id]", "[data-notification-id]", "[data-selectable]"];

  function noop() {}

  var root = Aura.root; // 11-site.js

  function session(key, value) {
    try {
      if (value === undefined) return window.sessionStorage.getItem(key);
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    } catch (error) { /* storage off: the update still applies, just without the line */ }
    return null;
  }

  /* ---- The quiet line after an update ---- */
  function announce(text) {
    var line = document.createElement("p");
    line.className = "app-update";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    // Styled here, from the theme's tokens: one small line resting above the bottom edge.
    line.style.cssText = "position:fixed;inset-inline:0;inset-block-end:var(--space-md,1rem);margin-inline:auto;"
      + "inline-size:max-content;max-inline-size:calc(100% - 2 * var(--space-md,1rem));z-index:10;"
      + "padding:var(--space-2xs,.25rem) var(--space-md,1rem);border-radius:var(--radius-pill,999px);"
      + "background:var(--color-surface,#fff);color:var(--color-text-muted,#555);font-size:var(--step--1,.875rem);"
      + "box-shadow:0 0 0 var(--hairline,1px) var(--color-primary,#ddd);pointer-events:none;";
    document.body.appendChild(line);
    // Filled after it is in the page, so screen readers announce it.
    window.setTimeout(function () { line.textContent = text; }, 100);
    window.setTimeout(function () { if (line.parentNode) line.parentNode.removeChild(line); }, 10000);
  }

  // What the update that reloaded this page decided ({ idle: ms untouched when it applied }),
  // kept for Aura.app.state(); null when this page was not opened by an update.
  var updated = null;
  var announced = false;
  var stored = session(UPDATED_KEY);
  if (stored) {
    session(UPDATED_KEY, null);
    try { updated = JSON.parse(stored); } catch (error) { updated = null; }
    if (!updated || typeof updated !== "object") updated = {};
    announced = true;
    if (document.body) announce("The plan was updated.");
    else document.addEventListener("DOMContentLoaded", function () { announce("The plan was updated."); });
  }

  /* ---- What counts as a safe moment ---- */
  var lastTouch = Date.now();
  var touched = false;
  ["pointerdown", "pointermove", "keydown", "wheel", "touchstart", "scroll", "input", "focusin"].forEach(function (type) {
    document.addEventListener(type, function () { lastTouch = Date.now(); touched = true; }, { capture: true, passive: true });
  });

  var isTextField = Aura.isTextField;

  // What each field held once the page and its scripts had settled (a reflection restored from
  // this browser is saved text, not unsaved).
  var settled = typeof WeakMap === "function" ? new WeakMap() : null;
  function settle() {
    if (!settled) return;
    Array.prototype.forEach.call(document.querySelectorAll("input, textarea"), function (field) {
      if (isTextField(field)) settled.set(field, field.value);
    });
  }
  if (document.readyState === "complete") settle();
  else window.addEventListener("load", settle);

  function unsaved(field) {
    if (field.value === field.defaultValue) return false;
    return !(settled && settled.has(field) && settled.get(field) === field.value);
  }

  function matches(selector) {
    try { return Boolean(document.querySelector(selector)); } catch (error) { return false; }
  }

  /* Every reason why now is not a safe moment, the most pressing first (none when it is). */
  function blockers(now) {
    var reasons = [];
    if (matches(ROWS.map(function (row) { return row + ":hover"; }).join(","))) reasons.push("a row is hovered");
    if (matches(ROWS.map(function (row) { return row + ":focus-within"; }).join(","))) reasons.push("a row has focus");
    if (isTextField(document.activeElement)) reasons.push("a text field has focus");
    var fields = document.querySelectorAll("input, textarea");
    for (var i = 0; i < fields.length; i += 1) {
      if (isTextField(fields[i]) && unsaved(fields[i])) { reasons.push("a text field holds unsaved text"); break; }
    }
    if (now - lastTouch < IDLE_MS) reasons.push("touched less than four seconds ago");
    return reasons;
  }

  /* Why now is not a safe moment ("" when it is). */
  function busy(now) {
    return blockers(now)[0] || "";
  }
  Aura.updateBlocker = function () { return busy(Date.now()); };

  /* ---- The service worker and safe-moment updates ---- */
  var container = navigator.serviceWorker;
  var supported = Boolean(container && container.register) && window.isSecureContext !== false;
  var waiting = null;   // the newer build's worker, waiting for a safe moment
  var asked = false;    // we asked it to take over, so its controllerchange reloads this page
  var askedAt = 0;
  var reloading = false;
  var timer = 0;
  var lastCheck = null;   // what the latest safe-moment check decided: { blockers: [...], idle: ms untouched }
  var decision = null;    // what applying it decided: { idle: ms untouched, onArrival }

  /* The app's decisions, for anyone who asks (the browser tests wait on them):
     `lastCheck` tells why a waiting build has not been applied yet, `updated` what
     the update that reloaded this page decided, `announced` whether this page said so. */
  Aura.app = { state: function () {
    return { supported: supported, controlled: Boolean(container && container.controller),
             waiting: Boolean(waiting), asked: asked, blocker: waiting ? busy(Date.now()) : "",
             lastCheck: lastCheck, updated: updated, announced: announced };
  } };

  function stopWatching() {
    if (timer) window.clearInterval(timer);
    timer = 0;
  }

  function reload() {
    if (reloading) return;
    reloading = true;
    session(UPDATED_KEY, JSON.stringify(decision || {}));
    window.location.reload();
  }

  /* At a safe moment: ask the waiting build to take over (its controllerchange reloads), or,
     when another window already let it take over, reload now. */
  function applyUpdate(onArrival) {
    var worker = waiting;
    if (!worker || asked) return;
    stopWatching();
    decision = { idle: Date.now() - lastTouch, onArrival: Boolean(onArrival) };
    if (worker.state === "activating" || worker.state === "activated") {
      reload();
      return;
    }
    if (worker.state !== "installed") { waiting = null; return; }
    asked = true;
    askedAt = Date.now();
    worker.postMessage({ type: "skip-waiting" });
  }

  function check() {
    if (!waiting) return;
    var now = Date.now();
    var reasons = blockers(now);
    lastCheck = { blockers: reasons, idle: now - lastTouch };
    if (!reasons.length) applyUpdate(false);
  }

  function watchForSafeMoment(worker) {
    waiting = worker;
    if (!timer) timer = window.setInterval(check, CHECK_MS);
  }

  function found(worker, onArrival) {
    if (!worker || !container.controller) return; // the first install: nothing to replace
    asked = false;
    waiting = worker;
    if (!onArrival) { watchForSafeMoment(worker); return; }
    // Found as the page opens: this visit is the safe moment, once the page has settled (its
    // own requests answered: a request racing the takeover can stall it in Chromium) and if
    // nothing was touched meanwhile.
    window.setTimeout(function () {
      if (!touched && !busy(lastTouch + IDLE_MS)) applyUpdate(true);
      else watchForSafeMoment(worker);
    }, SETTLE_MS);
  }

  function taken() {
    if (!waiting) return; // the first install taking the page: nothing to reload
    // Reload at once when nothing changed since we asked; should the takeover come late, or
    // from another window, wait for the next safe moment instead.
    if (asked && lastTouch <= askedAt && !busy(lastTouch + IDLE_MS)) { reload(); return; }
    asked = false;
    watchForSafeMoment(waiting);
  }

  function watch(registration) {
    if (registration.waiting) found(registration.waiting, true);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") found(worker, false);
      });
    });
    // Look for a newer build whenever the page comes back into view, and hourly while open.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible" && registration.update) registration.update().catch(noop);
    });
    window.setInterval(function () { if (registration.update) registration.update().catch(noop); }, 60 * 60 * 1000);
  }

  if (supported) {
    container.addEventListener("controllerchange", taken);
    var register = function () {
      var scope = root();
      container.register(scope + "sw.js", { scope: scope }).then(watch).catch(noop);
    };
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register);
  }

  /* ---- The badge: open tasks left today ---- */
  var badgeSupported = typeof navigator.setAppBadge === "function";
  var notes = null;

  function loadNotes() {
    if (!notes) {
      notes = !window.fetch ? Promise.resolve(null) : window.fetch(root() + "notifications.json", { cache: "no-store" })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (doc) { return doc && Array.isArray(doc.notifications) ? doc.notifications : null; })
        .catch(function () { return null; });
    }
    return notes;
  }

  // The day a notification belongs to: its block's schedule date, else its id's date.
  function dayOf(note) {
    var route = typeof Aura.route === "function" && note.url ? Aura.route(note.url) : null;
    if (route && route.kind === "schedule" && route.date) return route.date;
    var match = /(\d{4}-\d{2}-\d{2})/.exec(String(note.id || ""));
    return match ? match[1] : "";
  }

  function doneState(date) {
    try {
      var value = JSON.parse(window.localStorage.getItem(Aura.keys.blocks(date)) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (error) {
      return {};
    }
  }

  /* The count, and the badge set to it (resolves to null without a plan). */
  Aura.updateBadge = function () {
    return loadNotes().then(function (list) {
      if (!list) return null;
      var states = {};
      var open = list.filter(function (note) {
        if (!note || !note.id) return false;
        var day = dayOf(note);
        if (!(day in states)) states[day] = doneState(day);
        return states[day][note.id] !== "done";
      }).length;
      if (badgeSupported) {
        try {
          var result = open > 0 ? navigator.setAppBadge(open)
            : typeof navigator.clearAppBadge === "function" ? navigator.clearAppBadge() : navigator.setAppBadge(0);
          if (result && typeof result.catch === "function") result.catch(noop);
        } catch (error) { /* not allowed here: the count is still returned */ }
      }
      return open;
    });
  };

  if (badgeSupported) {
    Aura.updateBadge();
    document.addEventListener("aura:statechange", function () { Aura.updateBadge(); });
    document.addEventListener("aura:notificationshown", function () { Aura.updateBadge(); });
    window.addEventListener("storage", function (event) {
      if (event.key === null || Aura.keys.day.test(String(event.key))) Aura.updateBadge();
    });
  }
})();
