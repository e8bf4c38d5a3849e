// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// The stylesheets index.html marks data-late-css load beside base.css without holding up the
// first paint: media="print" until loaded, then "all". Here rather than in inline onload
// handlers, which the page's Content-Security-Policy refuses (docs/security.md). boot.js
// runs after those <link>s are parsed: one already loaded has its sheet.
(function lateCss() {
  var links = doc.querySelectorAll("link[data-late-css]");
  Array.prototype.forEach.call(links, function (link) {
    function all() { link.media = "all"; }
    if (link.sheet) { all(); } else { link.addEventListener("load", all); }
  });
})();
