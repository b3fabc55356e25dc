/* Keeping your place. Coming back to a page through history (Back, Exit from focus mode) or
   reloading it (a newer build applied) shows it where you left it.

   A page the browser kept whole in its back/forward cache already is. One it has to load again
   is not always: Chromium drops a cached page when this site's service worker first takes
   control of its pages (clients.claim(), while you are in focus mode, say), and its own scroll
   restoration of the reloaded page then lands a few rows off, or at the top, when the machine is
   busy. So each page notes its scroll offset in this tab's sessionStorage as you scroll and as
   you leave, and a page loaded from history or reloaded takes that offset back itself: once as
   it opens, and again as the page and its web fonts come in (a font swapping in changes the
   height of the headings above), until you scroll, tap or press a key. */
(function () {
  "use strict";

  var key = "aura.place:" + window.location.pathname + window.location.search;

  function storage() {
    try { return window.sessionStorage; } catch (error) { return null; }
  }

  function note() {
    var store = storage();
    try {
      if (store) store.setItem(key, JSON.stringify({ x: window.scrollX, y: window.scrollY }));
    } catch (error) { /* storage full or off: the browser's own restoration still applies */ }
  }

  function saved() {
    var store = storage();
    try {
      var place = store ? JSON.parse(store.getItem(key) || "null") : null;
      return place && typeof place.x === "number" && typeof place.y === "number" ? place : null;
    } catch (error) {
      return null;
    }
  }

  function throughHistory() {
    var entry = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    return Boolean(entry) && (entry.type === "back_forward" || entry.type === "reload");
  }

  var place = throughHistory() ? saved() : null;
  window.addEventListener("scroll", note, { passive: true });
  window.addEventListener("pagehide", note);
  if (!place) return;

  // This entry's offset is ours to restore now: the browser's own attempt would come later.
  if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  var yours = false;
  ["wheel", "touchstart", "keydown", "pointerdown"].forEach(function (type) {
    window.addEventListener(type, function () { yours = true; }, { capture: true, passive: true });
  });

  function restore() {
    if (yours) return;
    // "instant": the theme scrolls smoothly, and this is a return, not a journey.
    try { window.scrollTo({ left: place.x, top: place.y, behavior: "instant" }); } catch (error) { window.scrollTo(place.x, place.y); }
  }

  restore();
  if (document.readyState !== "complete") window.addEventListener("load", restore);
  if (document.fonts) {
    if (document.fonts.addEventListener) document.fonts.addEventListener("loadingdone", restore);
    if (document.fonts.ready) document.fonts.ready.then(restore);
  }
})();
