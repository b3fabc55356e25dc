/* Aura.duration(90) → "1 h 30 min": a length of time written the one way the whole site writes
   it, the same as the pages built in Swift (durationText in the planner): "30 min", "2 h",
   "1 h 30 min", "0 min" for none, hours past a day as they are ("26 h 5 min"). Numbers and
   units, and the hours and the minutes, are joined by no-break spaces, so no line breaks inside
   a duration. Tests/Fixtures/durations.json holds the table both must match. */
(function () {
  "use strict";

  var Aura = (window.Aura = window.Aura || {});
  var SPACE = "\u00a0";

  Aura.duration = function (minutes) {
    var total = Math.max(0, Math.floor(Number(minutes) || 0));
    var hours = Math.floor(total / 60);
    var rest = total % 60;
    if (hours === 0) return rest + SPACE + "min";
    if (rest === 0) return hours + SPACE + "h";
    return hours + SPACE + "h" + SPACE + rest + SPACE + "min";
  };
})();
