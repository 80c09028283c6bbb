/* global document, requestAnimationFrame, window */
// A page the server drew (issue 36) starts the app once it has painted: its scripts are fetched and run after
// the first paint instead of sharing a slow phone's connection with the style sheets and running before it.
// Written in by the server (apps/server/src/platform/drawn-page.ts); a hidden tab starts at once.
(function () {
  var tag = document.currentScript;
  var started = false;
  // One insertion per list: each link added on its own cost the page a style pass.
  function linksOf(list, rel) {
    var links = document.createDocumentFragment();
    JSON.parse(list || '[]').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = rel;
      link.crossOrigin = '';
      link.href = href;
      links.appendChild(link);
    });
    return links;
  }
  function start() {
    if (started) return;
    started = true;
    var links = linksOf(tag.dataset.modules, 'modulepreload');
    var app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = tag.dataset.app;
    links.appendChild(app);
    document.head.appendChild(links);
  }
  // The page a tap opens next: its files fetched into the cache once this one is loaded and idle, run on use.
  function fetchLater() {
    document.head.appendChild(linksOf(tag.dataset.later, 'prefetch'));
  }
  function whenIdle() {
    if (window.requestIdleCallback) window.requestIdleCallback(fetchLater, { timeout: 3000 });
    else setTimeout(fetchLater, 1000);
  }
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle);
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
