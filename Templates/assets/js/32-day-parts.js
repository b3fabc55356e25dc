/* The dashboard's reflection follows the part of the day: the morning's until the day window
   closes on the plan's day ([data-evening-from] on its date, in the site's time zone), then the
   evening's, and on any later day. Checked again each minute, so a page left open turns with
   the day. Without this script the page shows the one that was current when it was built. */
(function () {
  "use strict";

  var morning = document.querySelector('[data-day-part="morning"]');
  var evening = document.querySelector('[data-day-part="evening"]');
  if (!morning || !evening) return;
  var date = evening.getAttribute("data-date");
  var from = /^(\d{2}):(\d{2})$/.exec(evening.getAttribute("data-evening-from") || "");
  if (!date || !from) return;
  var eveningStarts = parseInt(from[1], 10) * 60 + parseInt(from[2], 10);

  function show() {
    var now = window.Aura.wallClock(new Date(), window.Aura.siteTimeZone());
    var isEvening = now.day > date || (now.day === date && now.minutes >= eveningStarts);
    morning.hidden = isEvening;
    evening.hidden = !isEvening;
  }

  show();
  window.setInterval(show, 60 * 1000);
})();
