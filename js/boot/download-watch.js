// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// PyScript progress messages, in order: "Loading Pyodide", "Loading Storage",
// "Loaded Storage", "Loading interpreter" (Pyodide downloads and starts; the
// main thread is busy for seconds once the files are in), "Loaded interpreter",
// "Loading files" (our bundle), "Loaded files", "Loaded Pyodide".
window.addEventListener("py:progress", function (ev) {
  var what = String(ev.detail || "");
  if (/Loading interpreter/.test(what)) { setStage("python"); }
  if (/Loaded interpreter|Loading files|Loaded files/.test(what)) { setStage("games"); }
  armStallTimer();
});
// the interpreter is ready and the main script is about to run
doc.addEventListener("py:ready", function () { setStage("games"); });

// Download progress. fetch() is observed (never altered) while booting: the
// bytes of the runtime and bundle files, read from a clone of each response,
// count as progress for the stall timer (a slow first visit is not a hang),
// and the two big files (Pyodide's wasm and stdlib) give a percentage.
var BIG = /pyodide\.asm\.wasm|python_stdlib\.zip/;
var big = { seen: 0, known: 0, expected: 0, received: 0 };
function downloading() {
  // a percentage while both big files are known (uncompressed length) and unfinished
  return big.seen === 2 && big.known === 2 && big.received < big.expected;
}
function onBytes(n, isBig) {
  armStallTimer();
  if (!isBig) { return; }
  big.received += n;
  if (big.known === 2 && stage === "python") {
    setProgress(20 + 40 * Math.min(1, big.received / big.expected));
    if (!failed) { setStatus(); }
  }
}
function observeBody(res) {
  try {
    if (!res || !res.ok || !res.body) { return; }
    var isBig = BIG.test(res.url || "");
    if (isBig) {
      big.seen += 1;
      var len = parseInt(res.headers.get("content-length") || "0", 10);
      if (len > 0 && !res.headers.get("content-encoding")) { big.known += 1; big.expected += len; }
    }
    var reader = res.clone().body.getReader();
    var pump = function () {
      return reader.read().then(function (chunk) {
        if (chunk.done) { if (isBig && stage === "python" && !failed) { setStatus(); } return; }
        onBytes(chunk.value.byteLength, isBig);
        return pump();
      });
    };
    pump().catch(function () { /* the real consumer sees any error */ });
  } catch (e) { /* observation only */ }
}
// A WebAssembly file that does not compile (truncated, damaged) is reported at once with
// its name: Pyodide only logs the CompileError, and the boot would wait for the stall timer.
var lastWasm = "pyodide.asm.wasm";
function watchWasm(name) {
  var native = window.WebAssembly && window.WebAssembly[name];
  if (typeof native !== "function") { return; }
  window.WebAssembly[name] = function (source) {
    var p = native.apply(this, arguments);
    var W = window.WebAssembly;
    p.then(null, function (e) {
      if (ready || !e || !(e instanceof W.CompileError || e instanceof W.LinkError)) { return; }
      Promise.resolve(source).then(function (res) {
        var file = res && res.url ? res.url : lastWasm;
        fail("wasm", file + ": " + describe(e), file, e.name);
      }, function () { fail("wasm", describe(e), lastWasm, e.name); });
    });
    return p;
  };
}
try { watchWasm("instantiateStreaming"); watchWasm("instantiate"); } catch (e) { /* observation only */ }

var nativeFetch = window.fetch;
if (typeof nativeFetch === "function") {
  window.fetch = function (input) {
    var promise = nativeFetch.apply(this, arguments);
    // {ludoOptional: true}: a fetch whose failure the caller handles (the shipped snapshot,
    // js/snapshot-shipped.mjs: a normal boot follows), so it is watched but never fatal
    var optional = !!(arguments[1] && arguments[1].ludoOptional);
    if (!ready && !failed) {
      var url = typeof input === "string" ? input : (input && input.url) || String(input);
      if (/vendor\/|build\/|\.(wasm|zip)(\?|$)/.test(url)) {
        promise.then(function (res) {
          if (res && !res.ok && !ready) { if (!optional) { fail("network", url + " answered " + res.status, url, "HTTP " + res.status); } return; }
          if (/\.wasm(\.gz)?(\?|$)/.test(url)) { lastWasm = url; }
          observeBody(res);
        }, function (e) { if (!ready && !optional) { fail("network", url + ": " + describe(e), url, describe(e).split("\n")[0]); } });
      }
    }
    return promise;
  };
}
