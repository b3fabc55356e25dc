/* Your own reflection on /reflections/: a morning and an evening answer for the day, saved as
   you type (debounced) and when a field loses focus, and exported as one Markdown file.

   On a static host it is saved in this browser (localStorage "aura.reflections" = { "<date>":
   { morning, evening, updated } }; an older entry's single `text` reads as the evening's) and
   every saved day is listed here, newest first.
   Served by `aura serve` for the signed-in person ([data-journal-live]), each answer goes to
   their account as an action through Aura.sync (55-live.js): offline it waits in the page's
   queue and is sent when the connection returns, and the server keeps the later of two changes.
   The earlier days are listed by the server. Without this script the served form saves with its
   button, and the static page shows the morning and evening reflections. */
(function () {
  "use strict";

  var root = document.querySelector("[data-journal]");
  if (!root) return;
  var fields = Array.prototype.slice.call(root.querySelectorAll("[data-journal-part]"));
  var status = root.querySelector("[data-journal-status]");
  var saved = root.querySelector("[data-journal-saved]");
  var list = root.querySelector("[data-journal-list]");
  var exportButton = root.querySelector("[data-journal-export]");
  if (!fields.length) return;

  var live = root.hasAttribute("data-journal-live") && window.Aura.live && window.Aura.live();
  var KEY = window.Aura.keys.reflections;
  var PARTS = { morning: "Morning", evening: "Evening" };
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  var WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

  var pad = window.Aura.pad;

  function isoDay(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate());
  }

  // The day this page is about: the form's (served), the planned day's, else the reader's today.
  var dayField = root.querySelector("input[name=date]");
  var day = (dayField && dayField.value) || root.getAttribute("data-date") || isoDay(new Date());

  function dayTitle(iso) {
    var parts = iso.split("-").map(Number);
    var date = new Date(parts[0], parts[1] - 1, parts[2]);
    if (isNaN(date.getTime())) return iso;
    return WEEKDAYS[date.getDay()] + " " + date.getDate() + " " + MONTHS[date.getMonth()] + " " + date.getFullYear();
  }

  function clock(date) {
    return pad(date.getHours()) + ":" + pad(date.getMinutes());
  }

  function say(text) {
    if (status) status.textContent = text;
  }

  /* ---- This browser's record (static host) ---- */
  function answersOf(entry) {
    if (!entry || typeof entry !== "object") return { morning: "", evening: "" };
    return {
      morning: typeof entry.morning === "string" ? entry.morning : "",
      evening: typeof entry.evening === "string" ? entry.evening : (typeof entry.text === "string" ? entry.text : "")
    };
  }

  function read() {
    try {
      var value = JSON.parse(window.localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" ? value : {};
    } catch (error) {
      return {};
    }
  }

  function write(entries) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(entries));
      return true;
    } catch (error) {
      return false;
    }
  }

  function written(answers) {
    return answers.morning.trim() !== "" || answers.evening.trim() !== "";
  }

  /* Every saved day's answers, newest first: [{ date, morning, evening }]. */
  function savedDays() {
    if (live) {
      var days = [{ date: day, morning: "", evening: "" }];
      fields.forEach(function (field) { days[0][field.getAttribute("data-journal-part")] = field.value; });
      Array.prototype.forEach.call(root.querySelectorAll("[data-journal-entry]"), function (entry) {
        var answers = { date: entry.getAttribute("data-date"), morning: "", evening: "" };
        Array.prototype.forEach.call(entry.querySelectorAll("[data-part]"), function (text) {
          answers[text.getAttribute("data-part")] = text.textContent;
        });
        days.push(answers);
      });
      return days.filter(written);
    }
    var entries = read();
    return Object.keys(entries).sort().reverse().map(function (date) {
      var answers = answersOf(entries[date]);
      answers.date = date;
      return answers;
    }).filter(written);
  }

  function renderList() {
    var days = savedDays();
    if (saved) saved.hidden = days.length === 0;
    if (!list) return;
    list.textContent = "";
    days.forEach(function (answers) {
      var item = document.createElement("li");
      item.className = "journal__entry";
      var heading = document.createElement("h4");
      heading.className = "journal__date";
      var time = document.createElement("time");
      time.setAttribute("datetime", answers.date);
      time.textContent = dayTitle(answers.date);
      heading.appendChild(time);
      item.appendChild(heading);
      Object.keys(PARTS).forEach(function (part) {
        if (!answers[part].trim()) return;
        var label = document.createElement("p");
        label.className = "journal__part";
        label.textContent = PARTS[part];
        var text = document.createElement("p");
        text.className = "journal__entry-text";
        text.setAttribute("data-part", part);
        text.textContent = answers[part];
        item.appendChild(label);
        item.appendChild(text);
      });
      list.appendChild(item);
    });
  }

  /* ---- Saving ---- */
  var lastSaved = {};

  /* The field's text is saved: the app may reload the page under it again (80-app.js). */
  function settled(field) {
    lastSaved[field.id] = field.value;
    field.defaultValue = field.value;
  }

  function saveHere() {
    var entries = read();
    var answers = answersOf(entries[day]);
    fields.forEach(function (field) { answers[field.getAttribute("data-journal-part")] = field.value; });
    if (written(answers)) entries[day] = { morning: answers.morning, evening: answers.evening, updated: new Date().toISOString() };
    else delete entries[day];
    if (write(entries)) {
      fields.forEach(settled);
      say(written(answers) ? "Saved in this browser at " + clock(new Date()) + "." : "Nothing saved for this day.");
    } else {
      say("This browser would not save it (private browsing, or storage is full). Copy it somewhere safe.");
    }
    renderList();
  }

  function saveToAccount(field) {
    var text = field.value;
    lastSaved[field.id] = text;
    window.Aura.sync.send({ action: "reflection", date: day, part: field.getAttribute("data-journal-part"), text: text })
      .then(function (result) {
        if (result.outcome === "refused") {
          say("Not saved: " + result.message);
          return;
        }
        if (field.value === text) field.defaultValue = text;
        say(result.outcome === "queued"
          ? "No connection: kept in this browser, and saved to your account when the connection is back."
          : result.answer && result.answer.applied === false
            ? "A later change made on another device was kept."
            : "Saved to your account at " + clock(new Date()) + ".");
      });
  }

  function save(field) {
    if (field.value === lastSaved[field.id]) return;
    if (live && window.Aura.sync) saveToAccount(field);
    else if (!live) saveHere();
  }

  var timers = {};
  function saveSoon(field) {
    window.clearTimeout(timers[field.id]);
    timers[field.id] = window.setTimeout(function () { save(field); }, 700);
  }

  function saveNow() {
    fields.forEach(function (field) {
      window.clearTimeout(timers[field.id]);
      save(field);
    });
  }

  if (live) {
    fields.forEach(function (field) { lastSaved[field.id] = field.value; });
    say("Saved to your account as you write.");
    var form = root.querySelector("form[data-journal-form]");
    if (form) form.addEventListener("submit", function (event) {
      event.preventDefault();
      saveNow();
    });
  } else {
    var entries = read();
    var answers = answersOf(entries[day]);
    fields.forEach(function (field) {
      field.value = answers[field.getAttribute("data-journal-part")] || "";
      settled(field);
    });
    say("Saved in this browser as you type. Nothing leaves this device.");
    renderList();
  }

  fields.forEach(function (field) {
    field.addEventListener("input", function () { saveSoon(field); });
    field.addEventListener("blur", function () {
      window.clearTimeout(timers[field.id]);
      save(field);
    });
  });
  window.addEventListener("pagehide", saveNow);

  function markdown() {
    var lines = ["# Reflections", ""];
    savedDays().forEach(function (answers) {
      lines.push("## " + dayTitle(answers.date), "");
      Object.keys(PARTS).forEach(function (part) {
        if (answers[part].trim()) lines.push("### " + PARTS[part], "", answers[part].replace(/\s+$/, ""), "");
      });
    });
    return lines.join("\n");
  }

  if (exportButton) {
    exportButton.hidden = false;
    exportButton.addEventListener("click", function () {
      saveNow();
      var blob = new Blob([markdown()], { type: "text/markdown;charset=utf-8" });
      var url = URL.createObjectURL(blob);
      var link = document.createElement("a");
      link.href = url;
      link.download = "aura-reflections-" + day + ".md";
      link.hidden = true;
      document.body.appendChild(link);
      link.click();
      window.setTimeout(function () {
        URL.revokeObjectURL(url);
        link.remove();
      }, 1000);
    });
  }
})();
