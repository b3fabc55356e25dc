/* Served: the page's actions carried out on the server. Only on a page `aura serve` rendered
   for the signed-in person (Aura.live(), 11-site.js); on a static host this script does nothing
   and every action keeps its static behaviour.

   Aura.sync.send({ action, id, date, undo }) posts a Done, Snooze or Undo (Aura.tasks sends
   them, 50-week.js) or a captured line to <root>api/<action>, with an id made here (actionId)
   and the time it was made (at), and writes the server's state from the answer into Aura.tasks'
   records, so every page draws what the store holds.

   Offline, then in sync: when the server cannot be reached, the action waits in a queue in
   IndexedDB ("aura-live") and the page keeps showing it applied; it is sent again, in order,
   when the connection returns ("online", the next page opened, and a retry every few seconds
   while anything waits). The server carries out each actionId once and, per task field, keeps
   the change made last by `at`: a replay never acts twice, and a change made offline earlier
   than one already applied is acknowledged but not applied. Each action names the profile it
   was made under (?profile=), so one queued before a switch of profile is still that person's.
   The queue is the page's, not the service worker's: the page already shows the change
   (Aura.tasks) and knows when it is answered; Background Sync exists in Chromium only, a
   service worker is not there on a first visit or outside a secure context (a LAN address over
   http), and the worker would have to be told the session's state anyway. Any page of the
   site opened later replays what an earlier one left.

   When the server's plan is newer than the one this page was opened with (planned again from
   another device or by cron; heard with any answer, and each minute), the page reloads at the safe moment 80-app.js waits for
   (Aura.updateBlocker: nothing hovered, focused, typed or touched for four seconds).

   On the schedule after Plan My Day, blocks the plan added or moved ([data-aura-changes])
   get a quiet accent and a visually hidden "new" or "moved".

   Aura.sync.state() → { ready, pending, sent, queued, replayed, failed, lastError, plan,
   reloadWaiting, blocker }: what it did, for anyone who asks (the browser tests wait on it). */
(function () {
  "use strict";

  var Aura = (window.Aura = window.Aura || {});
  var live = typeof Aura.live === "function" ? Aura.live() : null;
  if (!live) return;

  var DB_NAME = "aura-live";
  var QUEUE = "queue";
  var RETRY_MS = 3000;
  var SAFE_CHECK_MS = 500;
  var STATE_MS = 60 * 1000;
  // A request or a browser's storage that never answers (a phone in a tunnel, a storage process
  // still starting) must not hold the queue for the page's life: past these it counts as away.
  var ANSWER_MS = 10 * 1000;
  var STORAGE_MS = 3000;
  var counts = { ready: false, pending: 0, sent: 0, queued: 0, replayed: 0, failed: 0, lastError: "",
                 plan: null, reloadWaiting: false, blocker: "" };
  var sequence = 0;
  var flushing = null;
  var retry = 0;

  function say(text) {
    if (text && Aura.say) Aura.say(text);
  }

  function newActionId() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (byte) { return (byte < 16 ? "0" : "") + byte.toString(16); }).join("");
  }

  /* ---- The queue: IndexedDB, or this page's memory when a browser offers none ---- */
  var memory = [];
  var database = null;

  function openQueue() {
    if (!database) {
      database = new Promise(function (resolve) {
        var request;
        var late = false;
        var timer = window.setTimeout(function () { late = true; resolve(null); }, STORAGE_MS);
        function settle(db) {
          window.clearTimeout(timer);
          if (late && db) db.close(); // this page keeps its queue in memory by now
          else resolve(db);
        }
        try { request = window.indexedDB.open(DB_NAME, 1); } catch (error) { settle(null); return; }
        request.onupgradeneeded = function () { request.result.createObjectStore(QUEUE, { keyPath: "actionId" }); };
        request.onsuccess = function () { settle(request.result); };
        request.onerror = request.onblocked = function () { settle(null); };
      });
    }
    return database;
  }

  function inQueue(mode, work, fallback) {
    return openQueue().then(function (db) {
      if (!db) return fallback();
      return new Promise(function (resolve) {
        var result = null;
        var transaction;
        try { transaction = db.transaction(QUEUE, mode); } catch (error) { resolve(fallback()); return; }
        var request = work(transaction.objectStore(QUEUE));
        request.onsuccess = function () { result = request.result; };
        transaction.oncomplete = function () { resolve(result); };
        transaction.onerror = transaction.onabort = function () { resolve(fallback()); };
      });
    });
  }

  function waiting() {
    return inQueue("readonly", function (store) { return store.getAll(); }, function () { return memory.slice(); })
      .then(function (list) {
        return (list || []).sort(function (a, b) { return a.at - b.at || a.seq - b.seq; });
      });
  }

  function keep(entry) {
    return inQueue("readwrite", function (store) { return store.put(entry); }, function () { memory.push(entry); });
  }

  function drop(entry) {
    return inQueue("readwrite", function (store) { return store.delete(entry.actionId); }, function () {
      memory = memory.filter(function (other) { return other.actionId !== entry.actionId; });
    });
  }

  /* ---- Sending ---- */
  /* fetch, given up after ANSWER_MS: a request that hangs rejects as one that failed. */
  function ask(url, options) {
    var controller = typeof AbortController === "function" ? new AbortController() : null;
    if (controller) options.signal = controller.signal;
    var timer = 0;
    return Promise.race([
      window.fetch(url, options),
      new Promise(function (resolve, reject) {
        timer = window.setTimeout(function () {
          if (controller) controller.abort();
          reject(new Error("no answer"));
        }, ANSWER_MS);
      })
    ]).then(function (response) {
      window.clearTimeout(timer);
      return response;
    }, function (error) {
      window.clearTimeout(timer);
      throw error;
    });
  }

  function entryFor(action) {
    var body = {};
    Object.keys(action).forEach(function (key) {
      if (key !== "action" && action[key] !== undefined && action[key] !== null) body[key] = action[key];
    });
    body.actionId = newActionId();
    body.at = Date.now();
    // Made for the person signed in now: sent for them even if another profile is active by then.
    var profiles = Aura.profiles ? Aura.profiles() : null;
    return { actionId: body.actionId, action: action.action, body: body, at: body.at, seq: sequence++,
             profile: profiles ? profiles.active : undefined };
  }

  /* One try: { outcome: "done", answer } | { outcome: "unreachable" } | { outcome: "refused", message }.
     A gateway's 502-504 (a proxy whose server is away) counts as unreachable, and so does 429
     (the person's earlier changes are still being made): either way it is queued and sent again. */
  function attempt(entry) {
    var forWhom = entry.profile ? "?profile=" + encodeURIComponent(entry.profile) : "";
    return ask(live.api + entry.action + forWhom, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(entry.body)
    }).then(function (response) {
      if (response.status === 429 || (response.status >= 502 && response.status <= 504)) return { outcome: "unreachable" };
      return response.text().then(function (text) {
        var answer = null;
        try { answer = JSON.parse(text); } catch (error) { answer = null; }
        if (response.ok) return { outcome: "done", answer: answer || {} };
        if (response.status === 401) return { outcome: "unreachable", message: "Signed out: sign in again and your changes go through." };
        return { outcome: "refused", message: (answer && answer.error) || text || "The server refused it (" + response.status + ")." };
      });
    }, function () {
      return { outcome: "unreachable" };
    });
  }

  /* Actions after which the server has planned the days they touched again. */
  function replans(entry) {
    return entry.action === "move" || entry.action === "edit" || entry.action === "delete"
      || (entry.action === "undo" && entry.body.undo === "latest");
  }

  function settle(result, replayed, entry) {
    if (result.outcome === "done") {
      counts[replayed ? "replayed" : "sent"] += 1;
      if (result.answer.state) applyState(result.answer.state);
      // The plan's version has a second's grain: a re-plan within the page's second is news too.
      if (replans(entry)) reloadWhenSafe();
      if (result.answer.applied === false) say("A later change made elsewhere was kept.");
    } else {
      counts.failed += 1;
      counts.lastError = result.message || "";
      say(result.message);
      refresh(); // the page shows what the server holds again
    }
    return result;
  }

  function enqueue(entry, message) {
    counts.pending += 1;
    counts.queued += 1;
    if (message) counts.lastError = message;
    return keep(entry).then(function () {
      startRetry();
      return { outcome: "queued" };
    });
  }

  function send(action) {
    var entry = entryFor(action);
    if (counts.pending > 0) return enqueue(entry); // after those already waiting, in order
    return attempt(entry).then(function (result) {
      return result.outcome === "unreachable" ? enqueue(entry, result.message) : settle(result, false, entry);
    });
  }

  /* Sends what waits, oldest first, stopping at the first that still cannot go. */
  function flush() {
    if (flushing) return flushing;
    flushing = waiting().then(function (list) {
      counts.pending = list.length;
      return list.reduce(function (chain, entry) {
        return chain.then(function (going) {
          if (!going) return false;
          return attempt(entry).then(function (result) {
            if (result.outcome === "unreachable") {
              if (result.message) counts.lastError = result.message;
              return false;
            }
            return drop(entry).then(function () {
              counts.pending = Math.max(0, counts.pending - 1);
              settle(result, true, entry);
              return true;
            });
          });
        });
      }, Promise.resolve(true));
    }).then(function () {
      flushing = null;
      if (counts.pending > 0) return null;
      stopRetry();
      return refresh();
    }, function () {
      flushing = null;
    });
    return flushing;
  }

  function startRetry() {
    if (!retry) retry = window.setInterval(flush, RETRY_MS);
  }

  function stopRetry() {
    if (retry) window.clearInterval(retry);
    retry = 0;
  }

  /* ---- The server's state ---- */
  function applyState(state) {
    if (!state || counts.pending > 0) return; // what waits here is newer than the server's
    if (Aura.tasks && Aura.tasks.replace) Aura.tasks.replace(state.days);
    if (counts.plan === null) counts.plan = state.plan;
    else if (state.plan !== counts.plan) reloadWhenSafe(state.reflowed === true);
  }

  function refresh() {
    return ask(live.api + "state", { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(applyState, function () { /* offline: the page keeps what it shows */ });
  }

  /* A newer plan never reloads the page under the hand: at the safe moment only. After the day
     re-flowed itself (blocks had passed undone), the page comes back saying what moved, with
     its Undo (?undo=1). */
  function reloadWhenSafe(reflowed) {
    if (counts.reloadWaiting) return;
    counts.reloadWaiting = true;
    var timer = window.setInterval(function () {
      counts.blocker = typeof Aura.updateBlocker === "function" ? Aura.updateBlocker() : "";
      if (counts.blocker) return;
      window.clearInterval(timer);
      try { window.sessionStorage.setItem(Aura.keys.appUpdated, JSON.stringify({ replanned: true })); } catch (error) { /* no line then */ }
      if (reflowed) window.location.replace(window.location.pathname + "?undo=1" + window.location.hash);
      else window.location.reload();
    }, SAFE_CHECK_MS);
  }

  /* ---- What Plan My Day changed, on the schedule ---- */
  function markChanges() {
    var marker = document.querySelector("[data-aura-changes]");
    if (!marker) return;
    var kinds = {};
    marker.getAttribute("data-aura-changes").split(/\s+/).forEach(function (mark) {
      var at = mark.lastIndexOf(":");
      if (at > 0) kinds[mark.slice(0, at)] = mark.slice(at + 1);
    });
    var found = { "new": 0, moved: 0 };
    Array.prototype.forEach.call(document.querySelectorAll("[data-timeline] .block[data-block-id]"), function (block) {
      var kind = kinds[block.getAttribute("data-block-id")];
      if (kind !== "new" && kind !== "moved") return;
      found[kind] += 1;
      block.classList.add("is-" + kind);
      block.setAttribute("data-plan-change", kind);
      var title = block.querySelector(".block__title");
      if (title) {
        var text = document.createElement("span");
        text.className = "visually-hidden";
        text.textContent = kind === "new" ? " (new)" : " (moved)";
        title.appendChild(text);
      }
    });
    if (found["new"] || found.moved) {
      say("Planned: " + found["new"] + " new, " + found.moved + " moved.");
    }
    // A reload or a shared address shows the schedule without the marks.
    try { window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash); } catch (error) { /* kept */ }
  }

  Aura.sync = {
    send: send,
    flush: flush,
    /* A line for the inbox: { outcome: "done" | "queued" | "refused", message }. */
    capture: function (line) {
      return send({ action: "capture", line: line });
    },
    /* Push the rest of today to tomorrow, then plan what is left of today; not queued, since
       it only means something now: { outcome, moved, message }. */
    push: function () {
      return attempt(entryFor({ action: "push" })).then(function (pushed) {
        if (pushed.outcome !== "done") return pushed;
        var moved = (pushed.answer.moved || []).length;
        return attempt(entryFor({ action: "plan", inbox: "" })).then(function (planned) {
          return { outcome: planned.outcome, moved: moved, message: planned.message };
        });
      });
    },
    state: function () {
      var copy = {};
      Object.keys(counts).forEach(function (key) { copy[key] = counts[key]; });
      return copy;
    }
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", markChanges);
  else markChanges();

  // The server's state is asked for again when the page comes back into view, after every
  // answer, and each minute while it is in view (a plan made elsewhere arrives that way).
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  window.setInterval(function () {
    if (document.visibilityState === "visible" && !flushing) flush();
  }, STATE_MS);
  flush().then(function () { counts.ready = true; }, function () { counts.ready = true; });
})();
