/* Runs before the week board is painted (loaded without defer in its page's head): applies the
   remembered 3, 5 or 7 columns so the board never jumps. A file, not an inline script, so a
   strict Content-Security-Policy allows it. */
try {
  var columns = localStorage.getItem("aura.week.columns");
  if (/^[357]$/.test(columns || "")) document.documentElement.setAttribute("data-week-columns", columns);
} catch (error) {}
