// Why the server refused a link or could not preview it (docs/architecture.md "Security").

// Link preview (docs/architecture.md "Security"): why a link was refused or could not be previewed. The app only
// logs these and falls back to a default icon.
export const LINK_PREVIEW_MESSAGES = {
  invalidUrl: 'The link is not a valid web address.',
  unsupportedScheme: (scheme: string) => `Only http and https links can be previewed, not ${scheme}.`,
  credentials: 'Links with a user name or password cannot be previewed.',
  portNotAllowed: (port: number) => `Links to port ${port} cannot be previewed; only ports 80 and 443 can.`,
  addressNotAllowed: 'The link points to a private or local address, which cannot be previewed.',
  redirected: (problem: string) => `The link redirects elsewhere. ${problem}`,
  tooManyRedirects: (max: number) => `The link redirects more than ${max} times.`,
  hostNotFound: "The link's website could not be found.",
  unreachable: "The link's website could not be reached.",
  timeout: "The link's website took too long to answer.",
  upstreamStatus: (status: number) => `The link's website answered with HTTP status ${status}.`,
  notHtml: 'The link does not point to a web page.',
} as const;
