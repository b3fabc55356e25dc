/* Deep links: one parser for every Aura URL. Notifications, calendar (ICS) URLs and in-page links
   all go through it, so a tap opens the exact item it names, and an unknown or vanished target
   opens the dashboard without navigating further.

   Aura.route(url)            → { kind: "schedule", date, blockId, anchor } (date null = today's page)
                                | { kind: "notification", id } | { kind: "notifications" }
                                | { kind: "culture", slug } | { kind: "culture-list", facet, value }
                                | { kind: "reflection", date } (date null = the planned day)
                                | { kind: "dashboard" | "landing" | "planner" | "week" | "focus"
                                          | "offline" | "design" }
                                | { kind: "unknown" }
                                  Any of them may carry profile: the person a link is for
                                  (`?profile=NAME`, from a notification or calendar alarm).
   Aura.resolve(route, doc, known) → the root-relative URL to open: the route's own URL, or the
                                dashboard for an unknown kind, a removed block or notification,
                                or a profile not signed in on this browser. A held profile that is
                                not the active one keeps `?profile=`: the server switches to it
                                first, then opens the clean URL.
   Without this script every link still goes where its href says. Shares one thing: window.Aura. */
(function () {
  "use strict";

  var Aura = window.Aura = window.Aura || {};
  var DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
  var SLUG = /^[a-z0-9][a-z0-9._~-]*$/i;

  var siteRoot = Aura.root; // 11-site.js

  /* The origins an Aura URL may come from: this page's, and the site's canonical one (calendar
     files carry absolute URLs on the published host). */
  function knownOrigins() {
    var origins = [window.location.origin];
    var canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && canonical.href) {
      try { origins.push(new URL(canonical.href).origin); } catch (error) { /* no canonical origin */ }
    }
    return origins;
  }

  function validDate(text) {
    var match = DATE.exec(text || "");
    if (!match) return false;
    var day = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
    return day.getUTCFullYear() === +match[1] && day.getUTCMonth() === +match[2] - 1 && day.getUTCDate() === +match[3];
  }

  function decode(text) {
    try { return decodeURIComponent(text); } catch (error) { return text; }
  }

  var UNKNOWN = { kind: "unknown" };

  function unknown() {
    return { kind: UNKNOWN.kind };
  }

  /* Any Aura URL, absolute or relative (to this page), into a route, with the profile it names. */
  Aura.route = function (url) {
    var route = parse(url);
    if (route.kind === UNKNOWN.kind) return route;
    var profile = new URL(String(url), window.location.href).searchParams.get("profile");
    if (profile) route.profile = profile;
    return route;
  };

  function parse(url) {
    if (url === null || url === undefined || String(url).trim() === "") return unknown(); // no target
    var parsed;
    try { parsed = new URL(String(url), window.location.href); } catch (error) { return unknown(); }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return unknown();
    if (knownOrigins().indexOf(parsed.origin) < 0) return unknown();

    var root = siteRoot();
    var path = decode(parsed.pathname);
    if (path + "/" === root) path = root;
    if (path.indexOf(root) !== 0) return unknown();
    var rest = path.slice(root.length).replace(/(^|\/)index\.html$/, "$1");
    var parts = rest.split("/");
    if (parts[parts.length - 1] === "") parts.pop(); // the trailing slash is optional
    var fragment = decode(parsed.hash.replace(/^#/, ""));
    var query = parsed.searchParams;

    if (parts.length === 0) return { kind: "landing" };
    if (parts.some(function (part) { return part === "" || part === "." || part === ".."; })) return unknown();
    var head = parts[0];

    if (parts.length === 1) {
      switch (head) {
        case "dashboard": case "planner": case "week": case "focus": case "offline": case "design":
          return { kind: head };
        case "notifications": {
          var id = fragment.indexOf("notice-") === 0 ? fragment.slice("notice-".length) : (query.get("id") || "");
          return SLUG.test(id) ? { kind: "notification", id: id } : { kind: "notifications" };
        }
        case "reflections": {
          var day = fragment.replace(/^reflection-/, "");
          if (!validDate(day)) day = query.get("date") || "";
          return { kind: "reflection", date: validDate(day) ? day : null };
        }
        case "culture":
          return { kind: "culture-list", facet: null, value: null };
        case "schedule":
          break;
        default:
          return unknown();
      }
    }

    if (head === "schedule" && parts.length <= 2) {
      var date = parts.length === 2 ? parts[1] : null;
      if (date !== null && !validDate(date)) return unknown();
      var route = { kind: "schedule", date: date, blockId: null, anchor: null };
      if (fragment.indexOf("block-") === 0 && SLUG.test(fragment.slice("block-".length))) route.blockId = fragment.slice("block-".length);
      else if (fragment && SLUG.test(fragment)) route.anchor = fragment;
      return route;
    }

    if (head === "culture") {
      if (parts.length === 2 && SLUG.test(parts[1])) return { kind: "culture", slug: parts[1] };
      if (parts.length === 3 && (parts[1] === "kinds" || parts[1] === "tags") && SLUG.test(parts[2])) {
        return { kind: "culture-list", facet: parts[1], value: parts[2] };
      }
    }
    return unknown();
  }

  /* The root-relative URL of a route (null for an unknown one). */
  Aura.routeURL = function (route) {
    var root = siteRoot();
    if (!route || typeof route !== "object") return null;
    switch (route.kind) {
      case "landing": return root;
      case "dashboard": case "planner": case "week": case "focus": case "offline": case "design":
        return root + route.kind + "/";
      case "notifications": return root + "notifications/";
      case "notification":
        return SLUG.test(route.id || "") ? root + "notifications/#notice-" + route.id : null;
      case "reflection":
        return root + "reflections/" + (validDate(route.date) ? "#reflection-" + route.date : "");
      case "culture":
        return SLUG.test(route.slug || "") ? root + "culture/" + route.slug + "/" : null;
      case "culture-list":
        if (!route.facet) return root + "culture/";
        return (route.facet === "kinds" || route.facet === "tags") && SLUG.test(route.value || "")
          ? root + "culture/" + route.facet + "/" + route.value + "/" : null;
      case "schedule": {
        if (route.date && !validDate(route.date)) return null;
        var page = root + "schedule/" + (route.date ? route.date + "/" : "");
        if (route.blockId) return SLUG.test(route.blockId) ? page + "#block-" + route.blockId : null;
        if (route.anchor) return SLUG.test(route.anchor) ? page + "#" + route.anchor : null;
        return page;
      }
      default:
        return null;
    }
  };

  function samePage(url) {
    try {
      var target = new URL(url, window.location.href);
      var here = new URL(window.location.href);
      var strip = function (path) { return path.replace(/index\.html$/, ""); };
      return target.origin === here.origin && strip(target.pathname) === strip(here.pathname);
    } catch (error) {
      return false;
    }
  }

  /* Where to go for a route: its URL while its target is there, else the dashboard.
     `doc` is the document to check the target against: this page's (the default) is consulted
     only when the route points into it; a fetched or cached copy of the target page always is.
     `known` (optional) lists the current plan's block ids and overrides both. */
  Aura.resolve = function (route, doc, known) {
    var dashboard = siteRoot() + "dashboard/";
    var url = Aura.routeURL(route);
    if (!url) return dashboard;
    if (route.profile) {
      var profiles = Aura.profiles && Aura.profiles();
      if (!profiles || profiles.held.indexOf(route.profile) < 0) return dashboard;
      if (route.profile !== profiles.active) {
        // This page is another person's: the server switches, then opens the clean URL.
        var hash = url.indexOf("#");
        var query = "?profile=" + encodeURIComponent(route.profile);
        return hash < 0 ? url + query : url.slice(0, hash) + query + url.slice(hash);
      }
    }
    doc = doc || document;
    var check = doc !== document || samePage(url);
    if (route.kind === "schedule" && route.blockId) {
      if (Array.isArray(known)) return known.indexOf(route.blockId) >= 0 ? url : dashboard;
      if (check && doc.getElementById && !doc.getElementById("block-" + route.blockId)) return dashboard;
    }
    if (route.kind === "notification" && check && doc.getElementById && !doc.getElementById("notice-" + route.id)) {
      return dashboard;
    }
    return url;
  };

  /* ---- Arriving on a vanished target ---- */
  // A link into this page whose block is gone (an old notification, a calendar event from an
  // earlier plan) lands on the dashboard instead, replacing this history entry. What it decided
  // stays in Aura.arrival: { kind, checked, replacedBy } (replacedBy null: the page stays).
  function arrive() {
    var route = Aura.route(window.location.href);
    var named = (route.kind === "schedule" && route.blockId) || route.kind === "notification";
    // A schedule day that no longer exists answers with the not-found page: the dashboard instead.
    var gone = route.kind === "schedule" && document.body && document.body.classList.contains("page--not-found");
    Aura.arrival = { kind: route.kind, checked: Boolean(named || gone), replacedBy: null };
    if (!named && !gone) return;
    var target = gone ? siteRoot() + "dashboard/" : Aura.resolve(route, document);
    if (gone || target !== Aura.routeURL(route)) {
      Aura.arrival.replacedBy = target;
      window.location.replace(target);
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", arrive);
  else arrive();

  /* ---- In-page links ---- */
  // A link to a block on this very page that is no longer here goes to the dashboard.
  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || link.target && link.target !== "_self" || link.hasAttribute("download")) return;
    var route = Aura.route(link.href);
    if (route.kind !== "schedule" || !route.blockId) return;
    var target = Aura.resolve(route, document);
    if (target !== Aura.routeURL(route)) {
      event.preventDefault();
      window.location.assign(target);
    }
  });
})();
