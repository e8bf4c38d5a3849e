// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// build/version.json, asked for now: js/pyodide-snapshot.mjs chooses the memory snapshot
// from it. Asked only when that module runs (after the page is parsed), the request waited
// behind the runtime's downloads on a slow link, and the shipped snapshot's download after it.
(function askVersion() {
  try {
    var asked = window.fetch("./build/version.json", { cache: "no-cache" }).then(function (res) {
      if (!res.ok) { throw new Error("version.json answered " + res.status); }
      return res.json();
    });
    asked["catch"](function () { /* the module asks again and reports it */ });
    window.ludoVersionInfo = asked;
  } catch (e) { /* no fetch: the module asks */ }
})();
