// Runs before the first paint so a dark-mode user never sees a white flash. It reads the same
// localStorage key that Mantine's colour-scheme manager writes ('darkMode': 'dark' | 'light').
// A separate file, not an inline script: the Content-Security-Policy allows only 'self' scripts.
// Until the person chooses, the theme follows the phone's own dark-mode setting (issue 13), as
// the provider's defaultColorScheme 'auto' does once the app runs.
(function () {
  var scheme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  try {
    var chosen = window.localStorage.getItem('darkMode');
    if (chosen === 'dark' || chosen === 'light') scheme = chosen;
  } catch {
    // Storage can be unavailable (privacy mode): the phone's setting decides.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();

