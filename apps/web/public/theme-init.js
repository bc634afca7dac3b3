// Runs before the first paint so a dark-mode user never sees a white flash. It reads the same
// localStorage key that Mantine's colour-scheme manager writes ('darkMode': 'dark' | 'light').
// A separate file, not an inline script: the Content-Security-Policy allows only 'self' scripts.
(function () {
  var scheme = 'light';
  try {
    if (window.localStorage.getItem('darkMode') === 'dark') scheme = 'dark';
  } catch {
    // Storage can be unavailable (privacy mode); light is the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
