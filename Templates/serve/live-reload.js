// aura serve --watch: reloads the page when the site was built again, and shows a broken
// build's problems (file:line:column) over the last good page until it builds again.
(() => {
  const events = new EventSource(new URL("reload", document.currentScript.src));
  let generation = null;
  const reload = (event) => {
    const now = JSON.parse(event.data).generation;
    // A page that reconnects after builds it missed reloads too.
    if (event.type === "reload" || (generation !== null && now !== generation)) location.reload();
    generation = now;
    document.documentElement.dataset.liveReload = "listening"; // for tests and the curious
  };
  events.addEventListener("hello", reload);
  events.addEventListener("reload", reload);
  events.addEventListener("build-error", (event) => {
    document.getElementById("aura-build-problems")?.remove();
    document.body.insertAdjacentHTML("afterbegin", JSON.parse(event.data).html);
  });
})();
