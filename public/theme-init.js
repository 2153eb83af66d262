// Runs before the first paint: the build puts it inside the page (vite.config.ts), and the server allows it by
// its hash (src/server/http/spa.ts).
// Keep the key in step with src/client/lib/theme.ts.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  }
} catch {
  // storage disabled: light theme
}
