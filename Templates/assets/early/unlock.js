/* Unlock: the personal pages of a private static build (README, "Private pages on a static host").

   Every personal address serves this page (the shell). With a key it fetches the page's sealed
   file (<path>.enc: version 1 ‖ 12-byte nonce ‖ AES-256-GCM ciphertext ‖ tag, the path as
   additional data), decrypts it with WebCrypto and puts the whole decrypted document in place,
   then loads its scripts, so the page is exactly what the plain build renders. Without a key it
   goes to /login/?next=<this address, #fragment too>.

   The key is derived with PBKDF2-HMAC-SHA256 (the salt and iterations of /private.json) as a
   non-extractable AES-GCM CryptoKey, and kept in IndexedDB: under "device" when "Remember this
   device" is on, else under "tab:<id>", where <id> is a random name held in this tab's
   sessionStorage (a name, never key material) and the record is dropped after 12 idle hours.
   A key whose salt is not the header's, or that no longer opens its check, is from an old
   passphrase: it is dropped and the login says so. After unlocking, fetch() of the plan's sealed
   data (notifications.json, a day's aura.ics) reads the .enc file and decrypts it. */
(function () {
  "use strict";

  var box = document.querySelector("[data-unlock]");
  if (!box) return;
  var ROOT = document.documentElement.getAttribute("data-root") || "/";
  var DB = "aura-private";
  var STORE = "keys";
  var DEVICE = "device";
  var TAB = "aura.private.tab";
  var TAB_IDLE_MS = 12 * 60 * 60 * 1000;
  var encoder = new TextEncoder();
  var status = box.querySelector("[data-unlock-status]");
  var panel = box.querySelector("[data-unlock-panel]");
  var message = box.querySelector("[data-unlock-message]");
  var form = box.querySelector("[data-unlock-form]");
  var field = form.querySelector("input[name=passphrase]");
  var remember = form.querySelector("input[name=remember]");
  var submit = form.querySelector("[data-unlock-submit]");
  var forgotten = box.querySelector("[data-unlock-forgotten]");

  function relative(pathname) {
    return pathname.indexOf(ROOT) === 0 ? pathname.slice(ROOT.length) : pathname.replace(/^\//, "");
  }

  var here = relative(window.location.pathname);
  var onLogin = /^login\/(?:index\.html)?$/.test(here);

  function base64url(text) {
    var binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  /* ---- Keys in IndexedDB ---- */
  function store(mode, work) {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open(DB, 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore(STORE, { keyPath: "id" }); };
      opening.onerror = function () { reject(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result;
        var transaction = db.transaction(STORE, mode);
        var request = work(transaction.objectStore(STORE));
        transaction.oncomplete = function () { db.close(); resolve(request && request.result); };
        transaction.onerror = transaction.onabort = function () { db.close(); reject(transaction.error); };
      };
    });
  }

  function tabId(create) {
    try {
      var id = window.sessionStorage.getItem(TAB);
      if (!id && create) {
        id = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(16)), function (b) { return (b + 256).toString(16).slice(1); }).join("");
        window.sessionStorage.setItem(TAB, id);
      }
      return id;
    } catch (error) {
      return null;
    }
  }

  function forgetAll() {
    try { window.sessionStorage.removeItem(TAB); } catch (error) { /* nothing held */ }
    return store("readwrite", function (keys) { return keys.clear(); });
  }

  function save(key, head, onDevice) {
    var tab = onDevice ? null : tabId(true);
    return store("readwrite", function (keys) {
      if (onDevice) return keys.put({ id: DEVICE, key: key, salt: head.salt, used: Date.now() });
      keys.delete(DEVICE);
      return keys.put({ id: "tab:" + tab, key: key, salt: head.salt, used: Date.now() });
    });
  }

  /* The key this browser holds for this tab or device: { key } or { key: null, changed }. */
  function held(head) {
    var tab = tabId(false);
    return store("readwrite", function (keys) { return keys.getAll(); }).then(function (records) {
      var now = Date.now();
      var stale = records.filter(function (r) { return r.id !== DEVICE && now - r.used > TAB_IDLE_MS; });
      var record = records.filter(function (r) { return r.id === "tab:" + tab && stale.indexOf(r) < 0; })[0]
        || records.filter(function (r) { return r.id === DEVICE; })[0];
      var dropping = stale.length ? store("readwrite", function (keys) {
        stale.forEach(function (r) { keys.delete(r.id); });
      }) : Promise.resolve();
      return dropping.then(function () {
        if (!record) return { key: null, changed: false };
        return opens(record.key, head).then(function (fits) {
          if (!fits || record.salt !== head.salt) return forgetAll().then(function () { return { key: null, changed: true }; });
          record.used = now;
          return store("readwrite", function (keys) { return keys.put(record); }).then(function () { return { key: record.key }; });
        });
      });
    });
  }

  /* ---- WebCrypto ---- */
  function header() {
    return fetch(box.getAttribute("data-header-url"), { cache: "no-cache" }).then(function (response) {
      if (!response.ok) throw new Error("private.json: " + response.status);
      return response.json();
    });
  }

  function derive(passphrase, head) {
    return crypto.subtle.importKey("raw", encoder.encode(passphrase), "PBKDF2", false, ["deriveKey"]).then(function (material) {
      return crypto.subtle.deriveKey({ name: "PBKDF2", salt: base64url(head.salt), iterations: head.iterations, hash: "SHA-256" },
        material, { name: "AES-GCM", length: 256 }, false, ["decrypt"]);
    });
  }

  function open(key, sealed, path) {
    var bytes = new Uint8Array(sealed);
    if (bytes[0] !== 1 || bytes.length < 29) return Promise.reject(new Error("not a sealed file"));
    return crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(1, 13), additionalData: encoder.encode(path), tagLength: 128 },
      key, bytes.slice(13));
  }

  function opens(key, head) {
    return open(key, base64url(head.check), "private.json").then(function () { return true; }, function () { return false; });
  }

  function fetchSealed(path, init) {
    return fetch(ROOT + path + ".enc", { cache: (init && init.cache) || "no-cache" }).then(function (response) {
      if (!response.ok) throw new Error(path + ".enc: " + response.status);
      return response.arrayBuffer();
    });
  }

  /* ---- After unlocking: the plan's sealed data through fetch() and links ---- */
  function sealedData(path) {
    return path === "notifications.json" || /^schedule\/[^/]+\/aura\.ics$/.test(path);
  }

  function dataPath(href) {
    try {
      var url = new URL(href, window.location.href);
      return url.origin === window.location.origin && url.pathname.indexOf(ROOT) === 0 && sealedData(relative(url.pathname)) ? relative(url.pathname) : null;
    } catch (error) {
      return null;
    }
  }

  function readSealed(key, path, init) {
    return fetchSealed(path, init).then(function (sealed) { return open(key, sealed, path); });
  }

  function serveData(key) {
    var plain = window.fetch.bind(window);
    window.fetch = function (input, init) {
      var path = dataPath(typeof input === "string" ? input : input && input.url);
      if (!path || (init && init.method && init.method !== "GET")) return plain(input, init);
      return readSealed(key, path, init).then(function (bytes) {
        return new Response(bytes, { status: 200, headers: { "Content-Type": /\.ics$/.test(path) ? "text/calendar" : "application/json" } });
      }, function () {
        return new Response("", { status: 404 });
      });
    };
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest("a[href]");
      var path = link && dataPath(link.getAttribute("href"));
      if (!path || event.defaultPrevented) return;
      event.preventDefault();
      readSealed(key, path).then(function (bytes) {
        var url = URL.createObjectURL(new Blob([bytes], { type: "text/calendar" }));
        var download = document.createElement("a");
        download.href = url;
        download.download = path.split("/").slice(-2).join("-");
        document.body.appendChild(download);
        download.click();
        download.remove();
        window.setTimeout(function () { URL.revokeObjectURL(url); }, 60 * 1000);
      });
    }, true);
  }

  /* ---- The page itself ---- */
  function put(html, key) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    // Parsed scripts never run: each is made anew, in order, once the document is in place.
    var scripts = Array.prototype.map.call(doc.querySelectorAll("script[src]"), function (script) {
      var inHead = doc.head.contains(script);
      script.remove();
      return { src: script.getAttribute("src"), inHead: inHead };
    });
    serveData(key);
    document.replaceChild(document.adoptNode(doc.documentElement), document.documentElement);
    scripts.forEach(function (script) {
      var element = document.createElement("script");
      element.src = script.src;
      element.async = false;
      (script.inHead ? document.head : document.body).appendChild(element);
    });
    var id = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : "";
    var target = id && document.getElementById(id);
    // A jump, as the browser's own on arriving at a fragment, not the site's smooth scrolling.
    if (target) target.scrollIntoView({ block: "start", behavior: "instant" });
    document.documentElement.setAttribute("data-unlocked", "");
  }

  function file() {
    return here === "" || /\/$/.test(here) ? here + "index.html" : here;
  }

  function showPage(key) {
    return readSealed(key, file()).then(function (bytes) { put(new TextDecoder().decode(bytes), key); });
  }

  function toLogin(changed) {
    var next = window.location.pathname + window.location.search + window.location.hash;
    window.location.replace(ROOT + "login/?next=" + encodeURIComponent(next) + (changed ? "&changed=1" : ""));
  }

  function say(text) {
    status.hidden = true;
    panel.hidden = false;
    message.textContent = text;
  }

  function next() {
    var asked = new URLSearchParams(window.location.search).get("next");
    try {
      var url = new URL(asked || box.getAttribute("data-dashboard-url"), window.location.href);
      if (url.origin === window.location.origin && url.pathname.indexOf(ROOT) === 0) return url.href;
    } catch (error) { /* a malformed next: the dashboard */ }
    return new URL(box.getAttribute("data-dashboard-url"), window.location.href).href;
  }

  if (!window.crypto || !window.crypto.subtle || !window.indexedDB) {
    say("This browser cannot decrypt the pages: it lacks WebCrypto or IndexedDB (a private window may turn them off).");
    return;
  }

  if (!onLogin) {
    header().then(held).then(function (found) {
      if (!found.key) return toLogin(found.changed);
      return showPage(found.key);
    }).catch(function () {
      say("This page could not be opened: it is not saved on this device, or the site could not be reached. Try again when online.");
    });
    return;
  }

  status.hidden = true;
  panel.hidden = false;
  if (new URLSearchParams(window.location.search).get("changed")) {
    message.textContent = "The passphrase has changed since this device last unlocked. Enter the new one.";
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    submit.disabled = true;
    message.textContent = "";
    forgotten.textContent = "";
    var head;
    header().then(function (h) {
      head = h;
      return derive(field.value, head);
    }).then(function (key) {
      return opens(key, head).then(function (fits) {
        if (!fits) {
          submit.disabled = false;
          message.textContent = "That passphrase does not open this site. Check it and try again.";
          field.focus();
          field.select();
          return null;
        }
        return save(key, head, remember.checked).then(function () { window.location.replace(next()); });
      });
    }).catch(function () {
      submit.disabled = false;
      message.textContent = "The site could not be reached to unlock it. Check the connection and try again.";
    });
  });

  box.querySelector("[data-unlock-forget]").addEventListener("click", function () {
    forgetAll().then(function () {
      forgotten.textContent = "This browser no longer holds the key: the pages ask for the passphrase again.";
    });
  });
})();
