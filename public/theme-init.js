// Runs before the first paint (a file, not an inline script: the CSP allows scripts from our origin only).
// Keep the key in step with src/client/lib/theme.ts.
try {
  if (localStorage.getItem('theme') === 'dark') {
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  }
} catch {
  // storage disabled: light theme
}
