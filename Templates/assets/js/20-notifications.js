/* Notifications: Done and Snooze 15 min on /notifications/, kept in localStorage per day
   through window.Aura.tasks (and on the server, when `aura serve` rendered the page);
   one explicit "Enable notifications" switch, the only place Notification.requestPermission()
   is called; while the page is open, due notifications are shown at their time, and a click
   opens the block they belong to (or the dashboard when that block is gone).
   Without this script the page still lists every notification with its exact time, and the
   calendar links ring the phone. Shares one thing: window.Aura. */
(function () {
  "use strict";

  var Aura = window.Aura = window.Aura || {};
  var SNOOZE_MS = 15 * 60 * 1000;
  var ENABLED_KEY = Aura.keys.notificationsEnabled;

  function storageGet(key) {
    try { return window.localStorage.getItem(key); } catch (error) { return null; }
  }

  function storageSet(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch (error) { /* private mode or full: the page still works, it just forgets */ }
  }

  function config() {
    var root = document.querySelector("[data-notifications]");
    return {
      root: root,
      date: root ? root.getAttribute("data-date") : "",
      dataURL: root ? root.getAttribute("data-data-url") : "/notifications.json",
      dashboardURL: (root && root.getAttribute("data-dashboard-url")) || "/dashboard/"
    };
  }

  /* Done and snoozed state, keyed by the day and each notification's stable id. */
  var stateKey = Aura.keys.blocks;

  function readState(date) {
    try {
      var value = JSON.parse(storageGet(stateKey(date)) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (error) {
      return {};
    }
  }

  function writeState(date, state) {
    var empty = Object.keys(state).length === 0;
    storageSet(stateKey(date), empty ? null : JSON.stringify(state));
  }

  /* The block a notification belongs to, from its URL's #block-… fragment. */
  function blockIdOf(note) {
    if (note && note.blockId) return String(note.blockId);
    var url = note && note.url ? String(note.url) : "";
    var hash = url.indexOf("#");
    if (hash < 0) return "";
    var anchor = decodeURIComponent(url.slice(hash + 1));
    return anchor.indexOf("block-") === 0 ? anchor.slice("block-".length) : "";
  }

  function blockExists(blockId, known) {
    if (!blockId) return false;
    if (known) return known.indexOf(blockId) >= 0;
    var nodes = document.querySelectorAll("[data-block-id]");
    for (var i = 0; i < nodes.length; i += 1) {
      if (nodes[i].getAttribute("data-block-id") === blockId) return true;
    }
    return false;
  }

  /* Where a tap on a notification goes: its block's anchor while that block exists, else the
     dashboard itself, with no fragment to chase. `known` (optional) lists the block ids of the
     current plan; without it the blocks on this page are the reference. */
  Aura.notificationURL = function (note, known) {
    var dashboard = config().dashboardURL;
    var url = note && note.url ? String(note.url) : "";
    if (!url) return dashboard;
    if (Aura.route && Aura.resolve) { // the one deep-link parser (15-deeplink.js)
      return Aura.resolve(Aura.route(url), document, known || Array.prototype.map.call(
        document.querySelectorAll("[data-block-id]"), function (node) { return node.getAttribute("data-block-id"); }));
    }
    if (url.indexOf("#") < 0) return url;
    return blockExists(blockIdOf(note), known) ? url : dashboard;
  };

  /* Open a URL in this window, focusing it first (a notification click may come while the tab
     is in the background). */
  Aura.deepLink = function (url) {
    try { window.focus(); } catch (error) { /* not allowed: navigate anyway */ }
    if (!url) return;
    if (Aura.route && Aura.resolve) url = Aura.resolve(Aura.route(url), document);
    var target = new URL(url, window.location.href);
    var profile = target.searchParams.get("profile");
    // Another person's page held here: a link never switches (anyone can send one), so this
    // script does, by a POST as the header's switcher does, and then opens the clean address.
    if (profile && window.fetch) {
      window.fetch(Aura.root() + "api/profile", {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ profile: profile })
      }).then(function (response) {
        if (response.ok) target.searchParams.delete("profile");
        go(target);
      }, function () { go(target); });
      return;
    }
    go(target);
  };

  function go(target) {
    var here = window.location.pathname + window.location.search;
    if (target.pathname + target.search === here && target.hash) {
      window.location.hash = target.hash;
    } else {
      window.location.assign(target.href);
    }
  }

  /* The block ids of the plan as built now (the page may be older than the last build). */
  function currentBlocks(dataURL) {
    if (!window.fetch || !dataURL) return Promise.resolve(null);
    return window.fetch(dataURL, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (doc) {
        var notes = doc && Array.isArray(doc.notifications) ? doc.notifications : null;
        return notes ? notes.map(blockIdOf).filter(Boolean) : null;
      })
      .catch(function () { return null; });
  }

  Aura.openNotification = function (note) {
    var settings = config();
    return currentBlocks(settings.dataURL).then(function (known) {
      var url = Aura.notificationURL(note, known || undefined);
      Aura.deepLink(url);
      return url;
    });
  };

  var settings = config();
  if (!settings.root) return;

  /* ---- Done and Snooze ---- */
  var notices = Array.prototype.slice.call(settings.root.querySelectorAll("[data-notice]"));

  function apply(notice, status) {
    var trigger = notice.querySelector("[data-trigger]");
    var label = notice.querySelector("[data-state]");
    var fireDate = notice.getAttribute("data-fire-date");
    var fireTime = notice.getAttribute("data-fire-time");
    var snoozedTime = notice.getAttribute("data-snoozed-time");
    var done = status === "done";
    var snoozed = status === "snoozed";
    notice.classList.toggle("is-done", done);
    notice.classList.toggle("is-snoozed", snoozed);
    if (trigger) {
      trigger.textContent = snoozed ? snoozedTime : fireTime;
      var instant = Date.parse(fireDate);
      trigger.setAttribute("datetime", snoozed && !isNaN(instant) ? new Date(instant + SNOOZE_MS).toISOString() : fireDate);
    }
    if (label) {
      label.textContent = done ? "Done" : snoozed ? "Snoozed " + Aura.duration(15) + ", was " + fireTime : "";
      label.hidden = !done && !snoozed;
    }
    Array.prototype.forEach.call(notice.querySelectorAll("[data-action]"), function (button) {
      var action = button.getAttribute("data-action");
      button.setAttribute("aria-pressed", String((action === "done" && done) || (action === "snooze" && snoozed)));
    });
  }

  function applyAll() {
    var state = readState(settings.date);
    notices.forEach(function (notice) {
      apply(notice, state[notice.getAttribute("data-notification-id")] || "");
    });
  }

  notices.forEach(function (notice) {
    var actions = notice.querySelector("[data-notice-actions]");
    if (actions) actions.hidden = false;
  });
  applyAll();

  settings.root.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-action]") : null;
    if (!button) return;
    var notice = button.closest("[data-notice]");
    if (!notice) return;
    var id = notice.getAttribute("data-notification-id");
    var wanted = button.getAttribute("data-action") === "done" ? "done" : "snoozed";
    if (Aura.tasks) { // the one record (50-week.js), which also tells the server when served
      var title = notice.querySelector(".notice__title");
      var label = title ? title.textContent.trim() : id;
      var was = Aura.tasks.status(settings.date, id);
      if (wanted === "done") Aura.tasks.setDone(settings.date, id, was !== "done", undefined, undefined, label);
      else Aura.tasks.setSnoozed(settings.date, id, was !== "snoozed", label);
      applyAll();
      schedule();
      return;
    }
    var state = readState(settings.date);
    if (state[id] === wanted) delete state[id]; // pressing again undoes it
    else state[id] = wanted;
    writeState(settings.date, state);
    document.dispatchEvent(new CustomEvent("aura:statechange", { detail: { date: settings.date, id: id, status: state[id] || "" } }));
    apply(notice, state[id] || "");
    schedule();
  });

  window.addEventListener("storage", function (event) {
    if (event.key === stateKey(settings.date)) { applyAll(); schedule(); }
  });

  /* ---- The permission switch ---- */
  var toggle = settings.root.querySelector("[data-notify-toggle]");
  var status = settings.root.querySelector("[data-notify-status]");
  var supported = "Notification" in window && typeof window.Notification.requestPermission === "function";
  var MESSAGES = {
    missing: "This browser cannot show notifications. Add today’s alarms to your calendar below instead.",
    off: "Off. Turn it on to be notified as each block begins, while this page is open.",
    on: "On. While this page is open, each block’s notification appears at its time.",
    pushed: "On. Each block’s reminder reaches this device at its time, even with Aura closed.",
    dismissed: "Not allowed yet. Turn it on again whenever you are ready.",
    denied: "Notifications are blocked for this site: allow them in your browser’s site settings (the icon beside the address) and in your system’s notification settings, then reload this page."
  };

  function say(text, denied) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("is-denied", Boolean(denied));
  }

  function permission() {
    return supported ? window.Notification.permission : "unsupported";
  }

  function wanted() {
    return storageGet(ENABLED_KEY) === "on";
  }

  function enabled() {
    return supported && permission() === "granted" && wanted();
  }

  /* ---- Reminders with the page closed: Web Push, on a page `aura serve` rendered ---- */
  var live = Aura.live && Aura.live();
  var pushable = Boolean(live && window.PushManager && navigator.serviceWorker && navigator.serviceWorker.ready);
  var pushed = false; // this browser's subscription is kept by the server for this person

  function keyBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    var raw = window.atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function postJSON(path, method, body) {
    return window.fetch(live.api + path, {
      method: method, credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(body)
    });
  }

  /* Subscribes this browser (or reuses its subscription, which other people signed in here
     share) and gives it to the server; resolves whether the server kept it. */
  function subscribePush() {
    if (!pushable) return Promise.resolve(false);
    return navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        if (existing) return existing;
        return window.fetch(live.api + "push/key", { credentials: "same-origin" })
          .then(function (response) { return response.json(); })
          .then(function (key) {
            return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.publicKey) });
          });
      });
    }).then(function (subscription) {
      return postJSON("push/subscriptions", "POST", { subscription: subscription.toJSON() });
    }).then(function (response) {
      pushed = response.ok;
      return pushed;
    }).catch(function () {
      pushed = false;
      return false;
    });
  }

  /* The server forgets this browser for this person; the browser keeps its subscription for
     anyone else signed in here. */
  function unsubscribePush() {
    pushed = false;
    if (!pushable) return;
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (subscription) return postJSON("push/subscriptions", "DELETE", { endpoint: subscription.endpoint });
      return null;
    }).catch(function () { /* offline: the server stops when the browser's service answers gone */ });
  }

  function render(note) {
    if (!toggle) return;
    if (!supported) {
      toggle.checked = false;
      toggle.disabled = true;
      say(MESSAGES.missing);
      return;
    }
    var current = permission();
    if (current === "denied") {
      toggle.checked = false;
      toggle.disabled = true;
      say(MESSAGES.denied, true);
    } else if (current === "granted" && wanted()) {
      toggle.checked = true;
      toggle.disabled = false;
      say(pushed ? MESSAGES.pushed : MESSAGES.on);
    } else {
      toggle.checked = false;
      toggle.disabled = false;
      say(note || MESSAGES.off);
    }
  }

  function ask() {
    return new Promise(function (resolve) {
      var settled = false;
      function finish(result) {
        if (settled) return;
        settled = true;
        resolve(result || permission());
      }
      try {
        var promise = window.Notification.requestPermission(finish);
        if (promise && typeof promise.then === "function") {
          promise.then(finish, function () { finish(permission()); });
        }
      } catch (error) {
        finish(permission());
      }
    });
  }

  if (toggle) {
    render();
    // Turned on before: the server hears of this browser again (a new person, a new key).
    if (enabled()) subscribePush().then(function () { render(); });
    toggle.addEventListener("change", function () {
      if (!toggle.checked) {
        storageSet(ENABLED_KEY, null);
        unsubscribePush();
        render();
        schedule();
        return;
      }
      if (permission() === "granted") {
        storageSet(ENABLED_KEY, "on");
        render();
        schedule();
        subscribePush().then(function () { render(); });
        return;
      }
      // The one place permission is asked: this tap on the switch.
      toggle.disabled = true;
      ask().then(function (result) {
        if (result === "granted") storageSet(ENABLED_KEY, "on");
        else storageSet(ENABLED_KEY, null);
        render(result === "default" ? MESSAGES.dismissed : undefined);
        schedule();
        if (result === "granted") subscribePush().then(function () { render(); });
      });
    });

    if (supported && navigator.permissions && navigator.permissions.query) {
      navigator.permissions.query({ name: "notifications" }).then(function (result) {
        result.onchange = function () { render(); schedule(); };
      }).catch(function () { /* not queryable here: the switch still works */ });
    }
  }

  /* ---- Showing due notifications while the page is open ---- */
  var timers = [];

  function clearTimers() {
    timers.forEach(function (timer) { window.clearTimeout(timer); });
    timers = [];
  }

  function show(note, known) {
    if (!enabled()) return;
    var state = readState(settings.date);
    if (state[note.id] === "done") return;
    var url = Aura.notificationURL(note, known);
    var options = {
      body: [note.body, note.cue].filter(Boolean).join("\n"),
      tag: note.id, // a stable identity: shown again, it replaces rather than duplicates
      data: { url: url, id: note.id, dashboardURL: settings.dashboardURL },
      silent: false, // shown with sound in the foreground too, not suppressed
      requireInteraction: /^time-?sensitive$/i.test(String(note.interruptionLevel || ""))
    };
    document.dispatchEvent(new CustomEvent("aura:notificationshown", { detail: { id: note.id } }));
    function direct() {
      try {
        var shown = new window.Notification(note.title, options);
        shown.onclick = function (event) {
          if (event && event.preventDefault) event.preventDefault();
          Aura.openNotification(note);
          if (shown.close) shown.close();
        };
      } catch (error) { /* some browsers allow notifications only from a service worker */ }
    }
    if (navigator.serviceWorker && navigator.serviceWorker.getRegistration) {
      navigator.serviceWorker.getRegistration().then(function (registration) {
        if (registration && registration.showNotification) return registration.showNotification(note.title, options);
        direct();
      }).catch(direct);
    } else {
      direct();
    }
  }

  function schedule() {
    clearTimers();
    if (!enabled() || !window.fetch) return;
    window.fetch(settings.dataURL, { cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (doc) {
        if (!enabled()) return;
        var notes = doc && Array.isArray(doc.notifications) ? doc.notifications : [];
        var known = notes.map(blockIdOf).filter(Boolean);
        var state = readState(settings.date);
        var now = Date.now();
        notes.forEach(function (note) {
          if (!note || !note.id || state[note.id] === "done") return;
          var at = Date.parse(note.fireDate);
          if (isNaN(at)) return;
          if (state[note.id] === "snoozed") at += SNOOZE_MS;
          var delay = at - now;
          // Due within the last minute, or later today: anything older has passed.
          if (delay < -60 * 1000 || delay > 24 * 60 * 60 * 1000) return;
          timers.push(window.setTimeout(function () { show(note, known); }, Math.max(0, delay)));
        });
      })
      .catch(function () { /* offline: the calendar's alarms still ring */ });
  }

  schedule();
})();
