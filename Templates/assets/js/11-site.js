/* What every script asks of the site, answered once:
   Aura.root()            → the site root ("/" or "/sub/"), from <html data-root>, else the
                            manifest link's folder.
   Aura.siteTimeZone()    → the plan's time zone (the personal pages' data-time-zone), or
                            undefined for the browser's own.
   Aura.keys              → the names this browser's records are kept under:
                            blocks(date) "aura.notifications.<date>" (a block's Done/Snoozed, by
                            notification id), tasks(date) "aura.tasks.<date>" (one task's Done),
                            doneTimes(date) "aura.done-times.<date>" (when each was done, HH:MM),
                            day (a pattern naming blocks or tasks, with the date), undo, columns,
                            reflections, notificationsEnabled, appUpdated.
   Aura.isTextField(el)   → whether typing goes into el: a text-like input, a textarea or a
                            select that can be changed, or anything contenteditable. Keys are
                            then the field's, and a page never reloads under it.
   Aura.live()            → { api: "<root>api/" } when `aura serve` rendered this page for the
                            signed-in person (its [data-aura-live] marker), else null: a static
                            host, where every action keeps its static behaviour.
   Aura.profiles()        → { active: "sam", held: ["sam", "bo"] }: the people signed in on this
                            browser, from the session bar `aura serve` renders, else null.
   Shares one thing: window.Aura. */
(function () {
  "use strict";

  var Aura = (window.Aura = window.Aura || {});

  Aura.root = function () {
    var html = document.documentElement;
    var root = html && html.getAttribute("data-root");
    if (!root) {
      var link = document.querySelector('link[rel="manifest"]');
      var href = link && link.getAttribute("href");
      if (href) {
        try { root = new URL(href, window.location.href).pathname.replace(/[^/]*$/, ""); } catch (error) { root = ""; }
      }
    }
    if (!root) root = "/";
    if (root.charAt(0) !== "/") root = "/" + root;
    if (root.charAt(root.length - 1) !== "/") root += "/";
    return root;
  };

  Aura.siteTimeZone = function () {
    var zoned = document.querySelector("[data-time-zone]");
    return (zoned && zoned.getAttribute("data-time-zone")) || undefined;
  };

  Aura.keys = {
    blocks: function (date) { return "aura.notifications." + date; },
    tasks: function (date) { return "aura.tasks." + date; },
    doneTimes: function (date) { return "aura.done-times." + date; },
    day: /^aura\.(notifications|tasks)\.(\d{4}-\d{2}-\d{2})$/,
    undo: "aura.undo",
    columns: "aura.week.columns",
    reflections: "aura.reflections",
    notificationsEnabled: "aura.notifications.enabled",
    appUpdated: "aura.app.updated"
  };

  // Inputs that take no typed text. A type a browser does not know is a text field, so this
  // lists the exceptions rather than the text types.
  var NOT_TEXT = /^(checkbox|radio|button|submit|reset|range|color|file|image|hidden)$/i;

  Aura.isTextField = function (element) {
    if (!element || element.nodeType !== 1) return false;
    if (element.isContentEditable) return true;
    var tag = element.tagName;
    if (tag !== "TEXTAREA" && tag !== "SELECT" && tag !== "INPUT") return false;
    if (element.disabled || element.readOnly) return false;
    return tag !== "INPUT" || !NOT_TEXT.test(element.getAttribute("type") || "text");
  };


  Aura.profiles = function () {
    var active = document.querySelector("[data-aura-profile]");
    if (!active) return null;
    var held = [active.getAttribute("data-aura-profile")];
    Array.prototype.forEach.call(document.querySelectorAll('.session__profiles [name="profile"]'), function (button) {
      held.push(button.value);
    });
    return { active: held[0], held: held };
  };

  Aura.live = function () {
    return document.querySelector("[data-aura-live]") ? { api: Aura.root() + "api/" } : null;
  };
})();
