// What the starting server says: on the page and in the answers it gives while the app is not ready yet, and in
// the terminal when it cannot start (docs/product.md "First start").

export const STARTUP_MESSAGES = {
  pageTitle: 'Lootklip is starting',
  heading: 'Lootklip is starting',
  lead:
    'On a first start Lootklip prepares a demo marketplace: Shop Stars, products with their photos, offers and ' +
    'klips. That takes a minute or two; a restart takes seconds.',
  whenReady: 'This page turns into Lootklip by itself when it is ready.',
  noScript: 'This page reloads itself every few seconds.',
  progressLabel: 'Progress',
  buildingClient: 'Building the web client',
  openingDatabase: 'Opening the database and applying its migrations',
  startingApp: 'Starting the app',
  /** A 503's message while the app is not ready: the step it is on, and when to try again. */
  notReady: (step: string) => `Lootklip is starting (${step}). Please try again in a few seconds.`,
  portInUse: (host: string, port: number) =>
    `Port ${port} is already in use on ${host}: another Lootklip or another program is listening there. ` +
    `Stop it, or start on another port, for example: PORT=${port === 3000 ? 3001 : 3000} npm start`,
  portNotAllowed: (host: string, port: number) =>
    `Port ${port} on ${host} may not be used by this user (ports below 1024 need privileges). ` +
    'Start on another port, for example: PORT=3000 npm start',
  hostNotAvailable: (host: string) =>
    `HOST=${host} is not an address of this machine. Use 0.0.0.0 (every interface) or 127.0.0.1 (this machine only).`,
} as const;
