/* global document, EventSource, MutationObserver, requestAnimationFrame, window */
// A page the server drew (issue 36) starts the app once it has painted: its scripts are fetched and run after
// the first paint instead of sharing a slow phone's connection with the style sheets and running before it.
// Written in by the server (apps/server/src/platform/drawn-page.ts); a hidden tab starts at once.
// On a phone (data-start="touch", issue 55) the drawn page stays as it is until the app is needed: the first
// touch, key or focus on it, or a change on the event stream. Reading, scrolling and following a link need no
// app, and hydrating all of it was seconds of a slow phone's main thread.
(function () {
  var tag = document.currentScript;
  var root = document.getElementById('root');
  // DRAWN_PAGE_MARK (packages/domain/src/first-screen.ts): on #root until the app has taken the page over.
  var MARK = 'data-drawn';
  var HELD = ['click', 'mousedown', 'keydown'];
  var started = false;
  var tapped = null;
  var onTouch = tag.dataset.start === 'touch';
  var INTENT = ['pointerdown', 'touchstart', 'mousedown', 'keydown', 'focusin'];
  var watcher = null;
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
    INTENT.forEach(function (type) {
      window.removeEventListener(type, intent, true);
    });
    if (watcher) watcher.close();
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
  // A plain link on a phone's page loads the page it names, drawn by the server too, sooner than the app would;
  // so does a tile off its controls (OWN_LINK_CONTROLS, written in by the server), which follows its title link.
  var CONTROLS = tag.dataset.controls;
  function linkOf(target) {
    if (!target || !target.closest) return null;
    var tile = target.closest('[data-follows-link]');
    var link = tile && !target.closest(CONTROLS) ? tile.querySelector('a[href]') : target.closest('a[href]');
    if (!link || link.target || link.hasAttribute('download')) return null;
    return link.origin === window.location.origin && link.getAttribute('href').charAt(0) !== '#' ? link : null;
  }
  function followsNatively(event) {
    if (!onTouch || event.type !== 'click' || event.button !== 0) return null;
    return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey ? null : linkOf(event.target);
  }
  // A touch on such a link waits for its click, which leaves the page: the app would only slow that down.
  function intent(event) {
    if (/^(pointer|touch|mouse)/.test(event.type) && linkOf(event.target)) return;
    start();
  }
  function showLoading() {
    var bar = loadingBar();
    if (bar) bar.setAttribute('data-loading', 'true');
  }
  function hold(event) {
    if (!root.hasAttribute(MARK) || !root.contains(event.target)) return;
    var link = followsNatively(event);
    if (link && link.contains(event.target)) return showLoading();
    if (link) {
      event.preventDefault();
      event.stopImmediatePropagation();
      return link.click();
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type !== 'click') return;
    // A tap on an icon lands on its SVG, which has no click() to replay: the element around it is what was meant.
    tapped = event.target;
    while (tapped && typeof tapped.click !== 'function') tapped = tapped.parentElement;
    showLoading();
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
  // Before the holds: a held key or tap still starts the app.
  if (onTouch)
    INTENT.forEach(function (type) {
      window.addEventListener(type, intent, true);
    });
  HELD.forEach(function (type) {
    window.addEventListener(type, hold, true);
  });
  new MutationObserver(function (changes, observer) {
    if (root.hasAttribute(MARK)) return;
    observer.disconnect();
    taken();
  }).observe(root, { attributes: true, attributeFilter: [MARK] });
  // The page as drawn holds only while this browser would draw the same: its stored preferences (the server read
  // their cookie mirror) and its screen (the server guessed a phone's from the request).
  function asDrawn() {
    try {
      var state = JSON.parse(document.getElementById(tag.dataset.state).textContent);
      var stored = state.storageRead || {};
      for (var key in stored) if (window.localStorage.getItem(key) !== stored[key]) return null;
      return window.matchMedia(tag.dataset.phoneScreen).matches === (state.phone === true) ? state : null;
    } catch {
      return null;
    }
  }
  // Anything the stream says since the server drew the page starts the app, which hears it again from there.
  function watch(cursor) {
    if (!window.EventSource) return;
    watcher = new EventSource('/api/events' + (cursor ? '?lastEventId=' + encodeURIComponent(cursor) : ''));
    var card = Number(tag.dataset.card);
    JSON.parse(tag.dataset.events || '[]').forEach(function (type) {
      watcher.addEventListener(type, function (event) {
        // A job's progress starts the app on its own card's page only.
        if (type === 'media.updated' && JSON.parse(event.data).card_id !== card) return;
        start();
      });
    });
  }
  // The top bar's clock (app/layout/ny-clock.tsx) ticks before the app does: the drawn New York time moved on by
  // this browser's clock, as the app's own would show it.
  function tickClock() {
    var clock = root.querySelector('[data-testid="ny-clock"]');
    var time = clock && /(\d{1,2}):(\d\d):(\d\d) (AM|PM)/.exec(clock.textContent);
    if (!time) return;
    var text = clock.textContent;
    var label = clock.getAttribute('aria-label') || '';
    var wall = ((Number(time[1]) % 12) + (time[4] === 'PM' ? 12 : 0)) * 3600 + Number(time[2]) * 60 + Number(time[3]);
    var offset = wall - Math.floor(Date.parse(clock.getAttribute('datetime')) / 1000);
    var two = function (n) {
      return (n < 10 ? '0' : '') + n;
    };
    (function tick() {
      if (!root.hasAttribute(MARK) || isNaN(offset)) return;
      var now = (((Math.floor(Date.now() / 1000) + offset) % 86400) + 86400) % 86400;
      var hour = Math.floor(now / 3600);
      var shown =
        (time[1].length === 2 ? two(hour % 12 || 12) : hour % 12 || 12) +
        ':' +
        two(Math.floor(now / 60) % 60) +
        ':' +
        two(now % 60) +
        (hour < 12 ? ' AM' : ' PM');
      clock.textContent = text.replace(time[0], shown);
      clock.setAttribute('aria-label', label.replace(time[0], shown));
      setTimeout(tick, 1000 - (Date.now() % 1000));
    })();
  }
  // Once the page has painted (a hidden tab at once), in a task of its own: reading storage the first time is a
  // call to the browser, which the parser's task and the first paint need not wait for.
  function afterPaint(work) {
    if (document.visibilityState === 'hidden') return work();
    requestAnimationFrame(function () {
      setTimeout(work, 0);
    });
  }
  afterPaint(function () {
    if (started) return;
    var drawn = onTouch && asDrawn();
    if (!drawn) return start();
    // The stream and the clock in tasks of their own: with the storage read, one task was 12 ms on a fast machine.
    setTimeout(function () {
      if (!started) watch(drawn.cursor);
    }, 0);
    setTimeout(tickClock, 0);
    window.addEventListener('pageshow', function (event) {
      if (event.persisted) start();
    });
  });
})();
