/* Frames HTML is checked against what our own screen code draws before it reaches the page.
 *
 * Why: a frames file (explain.html?src=), a host page's "ludo:load" message and even our own
 * build are data, not code. Their `html` may only hold the elements, attributes and inline
 * styles that py/ludotheque/ui/ writes (tests/security/test_frame_sanitizer.py checks that
 * every frame of every shipped example comes out unchanged); anything else (script, iframe
 * srcdoc, meta refresh, link, style, form, event handlers, URLs with a scheme or to another
 * host, CSS url()) is removed. The work is done by DOMPurify (vendor/dompurify/purify.min.js,
 * pinned in scripts/vendor-lock.json), configured here; DOMPurify does not read CSS, so a hook
 * keeps only the declarations our screens write in style= (grid positions, --depth).
 *
 * Classic script (a sandboxed frame cannot load modules); loaded before build/explain.js, which
 * calls window.ludoFrameSanitizer.fragment(html). See docs/security.md.
 */
(function () {
  "use strict";

  // Every element the game screens write (py/ludotheque/ui/*.py), the hands' SVG included.
  var HTML_TAGS = ["a", "b", "bdi", "button", "details", "div", "fieldset", "h1", "h2", "h3", "h4", "input", "kbd",
    "label", "legend", "li", "ol", "option", "p", "section", "select", "small", "span", "strong", "summary",
    "table", "tbody", "td", "th", "thead", "tr", "ul"];
  var SVG_TAGS = ["svg", "g", "path", "circle", "ellipse", "rect", "line"];
  // Attributes besides data-* and aria-* (DOMPurify keeps those by name pattern). No id or
  // name: a frame's ids could shadow the viewer's own (DOM clobbering). No src: no images.
  var ATTRS = ["class", "title", "role", "type", "value", "min", "max", "step", "disabled", "checked", "selected",
    "open", "hidden", "inert", "tabindex", "lang", "dir", "inputmode", "maxlength", "required", "scope", "href", "style",
    // SVG (lower case: DOMPurify compares names lower-cased in an HTML document)
    "viewbox", "focusable", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "d", "cx", "cy", "r",
    "rx", "ry", "x", "y", "x1", "x2", "y1", "y2", "width", "height", "transform"];
  // Only links within the site: a path with no scheme, no "//host" and no "\" (read as "/").
  var SITE_URL = /^(?![a-z][a-z0-9+.\-]*:|[\/\\]{2}|\\)/i;

  var NUM = "-?\\d{1,5}(?:\\.\\d{1,3})?";
  // style= declarations our screens write (property -> the whole value), nothing else:
  // masterislands.py (grid positions and size of the islands, the view's pan and zoom),
  // mookies.py (--depth of a stack).
  var STYLE = {
    "--depth": /^\d{1,2}$/,
    "grid-column": /^\d{1,3}$/,
    "grid-row": /^\d{1,3}$/,
    "grid-template-columns": /^repeat\(\d{1,3},\s*var\(--mi-cell\)\)$/,
    "grid-template-rows": /^repeat\(\d{1,3},\s*var\(--mi-cell\)\)$/,
    "transform": new RegExp("^translate\\(" + NUM + "px,\\s*" + NUM + "px\\)\\s+scale\\(" + NUM + "\\)$"),
  };

  // "a:1; b:2" -> the allowed declarations only, written back as "a:1;b:2" (empty: none)
  function cleanStyle(text) {
    var kept = [];
    String(text).split(";").forEach(function (decl) {
      var i = decl.indexOf(":");
      if (i < 0) return;
      var prop = decl.slice(0, i).trim().toLowerCase(), value = decl.slice(i + 1).trim();
      if (Object.prototype.hasOwnProperty.call(STYLE, prop) && STYLE[prop].test(value)) kept.push(prop + ":" + value);
    });
    return kept.join(";");
  }

  var purify = window.DOMPurify;
  var ready = !!(purify && purify.isSupported && typeof purify.sanitize === "function");
  if (ready) {
    purify.addHook("uponSanitizeAttribute", function (node, data) {
      if (data.attrName === "style") {
        var kept = cleanStyle(data.attrValue);
        if (kept) data.attrValue = kept; else data.keepAttr = false;
      } else if (/^(fill|stroke)$/.test(data.attrName) && /url\s*\(/i.test(data.attrValue)) {
        data.keepAttr = false;  // an SVG paint may name a resource: ours never do
      }
    });
  }

  var CONFIG = {
    ALLOWED_TAGS: HTML_TAGS.concat(SVG_TAGS),
    ALLOWED_ATTR: ATTRS,
    ALLOW_DATA_ATTR: true,
    ALLOW_ARIA_ATTR: true,
    ALLOWED_URI_REGEXP: SITE_URL,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SANITIZE_DOM: true,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  };

  window.ludoFrameSanitizer = {
    ready: ready,
    /** The frame's HTML, sanitised, as a DocumentFragment to insert (never parsed again). */
    fragment: function (html) {
      if (!ready) throw new Error("sanitizer unavailable");
      return purify.sanitize(String(html), CONFIG);
    },
    /** The same, as text (tests and tools). */
    html: function (html) {
      var box = document.createElement("div");
      box.appendChild(this.fragment(html));
      return box.innerHTML;
    },
    cleanStyle: cleanStyle,
  };
})();
