/* global document, MutationObserver, requestAnimationFrame, window */
// A page the server drew (issue 36) starts the app once it has painted: its scripts are fetched and run after
// the first paint instead of sharing a slow phone's connection with the style sheets and running before it.
// Written in by the server (apps/server/src/platform/drawn-page.ts); a hidden tab starts at once.
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');
  // DRAWN_PAGE_MARK (packages/domain/src/first-screen.ts): on #root until the app has taken the page over.
  var MARK = 'data-drawn';
  var HELD = ['click', 'mousedown', 'keydown'];
  var started = false;
  var tapped = null;
  function linkTo(href, rel) {
    var link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    return link;
  }
  // The app's files, a few links per task: each starts its fetch as it is added (about a millisecond each on
  // a slow phone), and one task for the whole list (60 on a card's page) held the page for tens of them.
  // A batch goes in as one insertion: each link added on its own cost the page a style pass.
  var BATCH = 8;
  function start() {
    if (started) return;
    started = true;
    var files = JSON.parse(tag.dataset.modules || '[]');
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = tag.dataset.app;
    // The entry goes in with the first batch: its fetch is the one the page waits for first.
    var first = document.createDocumentFragment();
    first.appendChild(app);
    (function next(links) {
      files.splice(0, BATCH).forEach(function (href) {
        links.appendChild(linkTo(href, 'modulepreload'));
      });
      document.head.appendChild(links);
      if (files.length)
        setTimeout(function () {
          next(document.createDocumentFragment());
        }, 0);
    })(first);
  }
  function whenIdle(work) {
    if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: 3000 });
    else setTimeout(work, 200);
  }
  // The page a tap opens next: its files fetched into the cache once the app runs this one, a file per idle
  // moment (the whole list at once was one long task), run on use.
  function fetchLater() {
    var files = JSON.parse(tag.dataset.later || '[]');
    whenIdle(function next() {
      var href = files.shift();
      if (!href) return;
      document.head.appendChild(linkTo(href, 'prefetch'));
      whenIdle(next);
    });
  }
  // Until the app runs the page, a tap or a key on it is held (a link would start a page load, a button would
  // do nothing) and the last tap is replayed once it does; the mark costs no style, as `inert` did.
  // The page's loading bar (app/layout/navigation-progress.tsx) shows a held tap was taken, in the next frame.
  function loadingBar() {
    return root.querySelector('[data-testid="navigation-progress"]');
  }
  function hold(event) {
    if (!root.hasAttribute(MARK) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type !== 'click') return;
    tapped = event.target;
    var bar = loadingBar();
    if (bar) bar.setAttribute('data-loading', 'true');
  }
  function taken() {
    HELD.forEach(function (type) {
      window.removeEventListener(type, hold, true);
    });
    // The app drew the bar as idle: it is the app's again before the tap goes to it.
    var bar = loadingBar();
    if (bar) bar.removeAttribute('data-loading');
    if (tapped && tapped.isConnected) tapped.click();
    fetchLater();
  }
  HELD.forEach(function (type) {
    window.addEventListener(type, hold, true);
  });
  new MutationObserver(function (changes, observer) {
    if (root.hasAttribute(MARK)) return;
    observer.disconnect();
    taken();
  }).observe(root, { attributes: true, attributeFilter: [MARK] });
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
