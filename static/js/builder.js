// The builder page's few behaviours beyond htmx: undo and redo shortcuts, the add panel's
// search, problems that move focus to what they concern, and keeping the keyboard's place
// when a region is re-rendered.
(function () {
  "use strict";

  function typing(element) {
    if (!element) return false;
    var tag = element.tagName;
    return tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && element.type !== "checkbox" && element.type !== "radio") || element.isContentEditable;
  }

  function press(id) {
    var button = document.getElementById(id);
    if (button && !button.disabled) button.click();
  }

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y), Cmd on a Mac; a text field keeps its own undo.
  document.addEventListener("keydown", function (event) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return;
    var key = event.key.toLowerCase();
    if (key === "z") {
      event.preventDefault();
      press(event.shiftKey ? "redo-button" : "undo-button");
    } else if (key === "y" && !event.shiftKey) {
      event.preventDefault();
      press("redo-button");
    }
  });

  // Enter in a number commits it as one change (not also a form submission, whose default
  // button would be a stepper's minus).
  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key !== "Enter" || !field.matches || !field.matches("input[type=number], input.limit-input")) return;
    event.preventDefault();
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });

  function filter(input) {
    var words = input.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll(input.dataset.filter).forEach(function (entry) {
      var name = (entry.querySelector("span") || entry).textContent.toLowerCase();
      entry.hidden = !words.every(function (word) { return name.indexOf(word) !== -1; });
    });
    document.querySelectorAll(".add-list").forEach(function (list) {
      var shown = list.querySelector(".add-entry:not([hidden])");
      list.hidden = !shown;
      var heading = list.previousElementSibling;
      if (heading && heading.classList.contains("add-cat")) heading.hidden = !shown;
    });
  }

  // Enter in the search adds the only match, or the first within its limits.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("input[data-filter]")) return;
    event.preventDefault();
    filter(input);
    var shown = [];
    document.querySelectorAll(input.dataset.filter).forEach(function (entry) {
      var button = entry.hidden ? null : entry.querySelector("button:not([disabled])");
      if (button) shown.push(button);
    });
    var first = shown.filter(function (b) { return !b.classList.contains("add-over"); })[0];
    if (shown.length === 1 || !first) first = shown[0];
    if (first) first.click();
  });

  document.addEventListener("input", function (event) {
    if (event.target.matches("input[data-filter]")) filter(event.target);
  });

  // The sticky bar wraps to more lines in a narrower window or with more cost types: what
  // sticks or scrolls into view below it keeps clear of it.
  var bar = document.getElementById("bar");
  if (bar && window.ResizeObserver) {
    new ResizeObserver(function () {
      document.documentElement.style.setProperty("--bar-height", bar.offsetHeight + "px");
    }).observe(bar);
  }

  // A problem's link moves focus to the force or unit it concerns.
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-focus]");
    if (!link) return;
    var target = document.getElementById(link.dataset.focus);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: "center" });
  });

  // Every edit names the version this tab last saw (one element holds it: an edit's answer
  // swaps only what changed, so a form it left alone still holds an older one), and the unit
  // open in the editor (its answer marks the open row again only when that changes).
  document.addEventListener("htmx:configRequest", function (event) {
    var current = document.getElementById("list-version");
    var parameters = event.detail.parameters;
    if (parameters.version == null) return;
    if (current && !parameters.latest) parameters.version = current.value;
    var editor = document.getElementById("editor-panel");
    var shown = editor && editor.getAttribute("data-open-row");
    if (shown) parameters.shown = shown;
  });

  // Where focus goes after a swap: a unit opened (or added) focuses its editor; otherwise
  // the control that was used, found again by its id, or failing that the list. Each request
  // remembers its own intent, and acts on it once (every element an answer swaps settles).
  document.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var active = document.activeElement;
    event.detail.xhr.builderFocus = {
      id: active && active.id ? active.id : null,
      editor: !!(source && (source.matches("a.row-main, .picks a, .crumbs a, a.problem-fix") ||
        (source.tagName === "FORM" && /\/edit\/add\/$/.test(source.getAttribute("action") || "")))),
      // a problem opens its unit at the options that fix it
      fix: source && source.dataset ? source.dataset.fix || null : null
    };
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var intent = event.detail.xhr && event.detail.xhr.builderFocus;
    if (intent && intent.done) return;
    var search = document.getElementById("add-search");
    if (search && search.value) filter(search);
    if (!intent) return;
    intent.done = true;
    var fix = intent.fix && document.querySelector('#editor-panel [data-fixes~="' + CSS.escape(intent.fix) + '"]');
    var target = fix || (intent.editor ? document.getElementById("editor-heading") : intent.id && document.getElementById(intent.id));
    if (!target && document.activeElement === document.body) target = document.getElementById("list-panel");
    if (target) target.focus({ preventScroll: !intent.editor });
    if (fix) fix.scrollIntoView({ block: "center" });
  });
})();
