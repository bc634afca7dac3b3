// The page's first script, before the first paint; a file, as the Content-Security-Policy allows
// only 'self' scripts. Sent as written to every first visit, so its reasons are in
// docs/decisions/018 and 058, not here.
// 1. The colour scheme Mantine's manager keeps ('darkMode'), else the phone's: no white flash.
(function () {
  var scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  try {
    var chosen = window.localStorage.getItem('darkMode');
    if (chosen === 'dark' || chosen === 'light') scheme = chosen;
  } catch {
    // No storage (privacy mode): the phone's setting decides.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();

// 2. A page the server drew lists its scripts in #kobo-scripts: they start once it is painted (or
// after 1 s, for a tab in the background), the entry first, then the rest a few at a time.
(function () {
  var started = false;
  function start() {
    var block = document.getElementById('kobo-scripts');
    if (started || !block) return;
    started = true;
    var wanted = JSON.parse(block.textContent);
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = wanted.entry;
    entry.addEventListener('error', function () {
      document.documentElement.setAttribute('data-scripts', 'failed');
    });
    document.head.appendChild(entry);
    (function preloadSome() {
      wanted.preload.splice(0, 8).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      if (wanted.preload.length > 0) setTimeout(preloadSome, 0);
    })();
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
