/* One restrained reveal on the landing page: the hero object rises into place once,
   with the slow physical easing set in CSS (--ease-physical, --duration-reveal).
   Without this script, without IntersectionObserver, or under prefers-reduced-motion,
   nothing is hidden and nothing moves. */
(function () {
  "use strict";

  var subject = document.querySelector("[data-reveal]");
  if (!subject || !("IntersectionObserver" in window)) return;
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;

  var root = document.documentElement;
  root.classList.add("js");

  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      // Wait one frame so the hidden state is painted before the transition starts.
      window.requestAnimationFrame(function () {
        entry.target.classList.add("is-revealed");
      });
      observer.disconnect();
    });
  }, { threshold: 0.15, rootMargin: "0px 0px -8% 0px" });

  observer.observe(subject);
})();
