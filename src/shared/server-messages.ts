// The server's own answers (docs/product.md "Error texts"; most are ours): HTTP, uploads and media, settings'
// size caps, analytics and the dashboard API. Shared so that the client shows a refusal in the same words.

export const SERVER_MESSAGES = {
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'Service temporarily unavailable. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
  overloaded: 'The server is busy. Please try again in a few seconds.',
  shuttingDown: 'This server is shutting down. Please try again in a few seconds.',
  storageFull: "The server's storage is full, so nothing can be saved right now. Please try again later.",
  idempotencyKeyReused:
    'Idempotency-Key: this key was already used with a different request. Send a new key for a new item.',
  payloadTooLarge: (limit: string) => `The upload is too large. The limit is ${limit}.`,
  unsupportedImage: 'Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.',
  unsupportedVideo: 'Unsupported video. Upload an MP4, MOV or WebM file.',
  imageTooManyPixels: 'The image is too large. Use an image of at most 40 megapixels.',
  imageUnreadable: 'The image file is damaged or incomplete.',
  noFile: 'No file was uploaded.',
  uploadAborted: 'The upload was interrupted.',
  videoTooLong: (limit: string) => `The video is too long. The limit is ${limit}.`,
  videoUnreadable: 'The video file is damaged or has no picture.',
  videoProcessingFailed: 'The video could not be processed. Try another file.',
  videoProcessingGaveUp: 'The video could not be processed just now. Use Retry to try again.',
  videoCutOff: 'The video file is cut off: it ends before its own data does. Upload the whole file.',
  videoBadBox: 'The video file is damaged: its MP4/MOV structure is broken.',
  videoNoPicture: 'The file has no picture: upload a video, not sound only.',
  videoNoLength: 'The video has no length.',
  videoTooManyPictures: 'The video has more than one picture track. Upload a video with one.',
  videoTooLarge: (limit: string) =>
    `The video's picture is too large. The limit is ${limit} pixels on a side.`,
  videoDeclaredType: (type: string) => `The file was sent as ${type}, not as a video.`,
  oneFileOnly: 'Send one file per upload.',
  mediaNotFound: 'Media not found.',
  mediaQuotaExceeded: (limit: string) =>
    `Your media storage is full. Each account may store up to ${limit}; delete some photos or videos first.`,
  rangeNotSatisfiable: 'The requested range is not satisfiable.',
  validation: (field: string, problem: string) => `${field}: ${problem}`,
  badUrl: 'The address is not a valid URL.',
  urlPartTooLong: 'A part of the address is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  badRequest: 'The request could not be read.',
  missingHost: 'The request has no Host header.',
  unstorableText: 'contains a character that cannot be stored (a NUL or a broken Unicode sequence)',
} as const;

// The preview of the app's landing pages (decision 0053b): the same words as index.html's description, which is
// static HTML written by hand; change the two together.
export const SITE_PREVIEW_MESSAGES = {
  description:
    'Lootklip: shop products Shop Stars show in short klips, claim offers and deal directly with sellers across India.',
} as const;

// Settings: the free-form objects' size cap (SETTINGS_OBJECT_MAX_BYTES).
export const SETTINGS_MESSAGES = {
  tooLarge: (object: string, limitKb: number) =>
    `The ${object} would be larger than the limit of ${limitKb} KB. Remove some entries and try again.`,
  // A zone Intl accepts but the database cannot cut days in (an offset such as '+05:30'; decision 0079).
  unknownTimeZone: 'a named IANA time zone such as Asia/Kolkata or UTC',
} as const;

// First-party analytics: the events endpoint's refusals (decision 0064).
export const ANALYTICS_MESSAGES = {
  batchTooLarge: (limit: string) => `The event batch is too large. The limit is ${limit}.`,
  unsupportedContentType: 'Send the event batch as application/json or text/plain.',
  unreadableBatch: 'The event batch is not valid JSON.',
} as const;

// The seller's dashboard API (docs/product.md "Dashboard"; decision 0065).
export const DASHBOARD_MESSAGES = {
  keyNeedsSection: 'lastEvaluatedKey: name the list it continues with section (products, klips or offers)',
} as const;
