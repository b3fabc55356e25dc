/* The site's clock: the plan's days and times are in the site's time zone (the
   `data-time-zone` attribute the personal pages carry; Aura.siteTimeZone(), 11-site.js), not necessarily the browser's.
   Aura.wallClock(date, zone) → { day: "2026-12-02", minutes: 590 } in that zone (the browser's
   own zone when none is given or the browser cannot convert); Aura.clockText(date, zone) →
   "09:50", its time of day there; Aura.pad(7) → "07". */
(function () {
  "use strict";

  var Aura = (window.Aura = window.Aura || {});

  Aura.pad = function (n) {
    return (n < 10 ? "0" : "") + n;
  };

  Aura.wallClock = function (date, zone) {
    var parts = {};
    try {
      new Intl.DateTimeFormat("en-GB", {
        timeZone: zone || undefined, hourCycle: "h23",
        year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit"
      }).formatToParts(date).forEach(function (part) { parts[part.type] = part.value; });
    } catch (error) {
      return { day: date.getFullYear() + "-" + Aura.pad(date.getMonth() + 1) + "-" + Aura.pad(date.getDate()),
               minutes: date.getHours() * 60 + date.getMinutes() };
    }
    return { day: parts.year + "-" + parts.month + "-" + parts.day,
             minutes: parseInt(parts.hour, 10) * 60 + parseInt(parts.minute, 10) };
  };

  Aura.clockText = function (date, zone) {
    var minutes = Aura.wallClock(date, zone).minutes;
    return Aura.pad(Math.floor(minutes / 60)) + ":" + Aura.pad(minutes % 60);
  };
})();
