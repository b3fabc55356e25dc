/* Your own reflection on /reflections/: saved to localStorage as you type (debounced) and when
   the field loses focus, listed by date (newest first), exported as one Markdown file.
   Without this script the page still shows the morning and evening reflections. */
(function () {
  "use strict";

  var root = document.querySelector("[data-journal]");
  if (!root) return;
  var field = root.querySelector("#journal-text");
  var status = root.querySelector("[data-journal-status]");
  var saved = root.querySelector("[data-journal-saved]");
  var list = root.querySelector("[data-journal-list]");
  var exportButton = root.querySelector("[data-journal-export]");
  if (!field) return;

  var KEY = window.Aura.keys.reflections;
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  var WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

  var pad = window.Aura.pad;

  function isoDay(date) {
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate());
  }

  // The planned day this page is about; without a plan, the reader's own today.
  var day = root.getAttribute("data-date") || isoDay(new Date());

  function dayTitle(iso) {
    var parts = iso.split("-").map(Number);
    var date = new Date(parts[0], parts[1] - 1, parts[2]);
    if (isNaN(date.getTime())) return iso;
    return WEEKDAYS[date.getDay()] + " " + date.getDate() + " " + MONTHS[date.getMonth()] + " " + date.getFullYear();
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

  function newestFirst(entries) {
    return Object.keys(entries).filter(function (date) {
      return entries[date] && typeof entries[date].text === "string" && entries[date].text.trim() !== "";
    }).sort().reverse();
  }

  function renderList(entries) {
    var dates = newestFirst(entries);
    if (saved) saved.hidden = dates.length === 0;
    if (!list) return;
    list.textContent = "";
    dates.forEach(function (date) {
      var item = document.createElement("li");
      item.className = "journal__entry";
      var heading = document.createElement("h4");
      heading.className = "journal__date";
      var time = document.createElement("time");
      time.setAttribute("datetime", date);
      time.textContent = dayTitle(date);
      heading.appendChild(time);
      var text = document.createElement("p");
      text.className = "journal__entry-text";
      text.textContent = entries[date].text;
      item.appendChild(heading);
      item.appendChild(text);
      list.appendChild(item);
    });
  }

  function clock(date) {
    return pad(date.getHours()) + ":" + pad(date.getMinutes());
  }

  var lastSaved = null;

  function save() {
    var entries = read();
    var text = field.value;
    if (text === lastSaved) return;
    if (text.trim() === "") delete entries[day];
    else entries[day] = { text: text, updated: new Date().toISOString() };
    if (write(entries)) {
      lastSaved = text;
      if (status) status.textContent = text.trim() === "" ? "Nothing saved for this day." : "Saved in this browser at " + clock(new Date()) + ".";
    } else if (status) {
      status.textContent = "This browser would not save it (private browsing, or storage is full). Copy it somewhere safe.";
    }
    renderList(entries);
  }

  var timer = null;
  function saveSoon() {
    window.clearTimeout(timer);
    timer = window.setTimeout(save, 500);
  }

  function markdown(entries) {
    var lines = ["# Reflections", ""];
    newestFirst(entries).forEach(function (date) {
      lines.push("## " + dayTitle(date), "", entries[date].text.replace(/\s+$/, ""), "");
    });
    return lines.join("\n");
  }

  var entries = read();
  if (entries[day] && typeof entries[day].text === "string") {
    field.value = entries[day].text;
    lastSaved = field.value;
  }
  if (status) status.textContent = "Saved in this browser as you type. Nothing leaves this device.";
  renderList(entries);

  field.addEventListener("input", saveSoon);
  field.addEventListener("blur", function () {
    window.clearTimeout(timer);
    save();
  });
  window.addEventListener("pagehide", function () {
    window.clearTimeout(timer);
    save();
  });

  if (exportButton) {
    exportButton.addEventListener("click", function () {
      window.clearTimeout(timer);
      save();
      var blob = new Blob([markdown(read())], { type: "text/markdown;charset=utf-8" });
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
