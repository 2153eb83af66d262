// The klip form: create and edit pages, uploads and the owner's actions (ours; docs/product.md "Klips").

// The klip form: create and edit pages (ours: the spec names no texts for these). The limits follow
// docs/product.md "Klip video upload"; each refusal names the file and the problem.
export const KLIP_FORM_MESSAGES = {
  limits: (maxMb: number, maxMinutes: number) =>
    `MP4, MOV or WebM, at most ${maxMb} MB and ${maxMinutes} minutes`,
  shape: 'Vertical (9:16) looks best in the klips feed',
  videoType: (name: string) => `"${name}" is not a video we accept. Choose an MP4, MOV or WebM file.`,
  videoEmpty: (name: string) => `"${name}" is empty. Choose another video.`,
  videoTooBig: (name: string, maxMb: number) =>
    `"${name}" is larger than ${maxMb} MB. Choose a shorter video, or export it at a lower quality.`,
  videoTooLong: (name: string, maxMinutes: number) =>
    `"${name}" is longer than ${maxMinutes} minutes. Trim it to ${maxMinutes} minutes or less.`,
  uploadFailed: (reason: string) => `The video did not upload: ${reason}`,
  uploadCancelled: 'Upload cancelled. Choose a video to start again.',
  uploadPending: 'Wait until the video has uploaded.',
  videoRequired: 'Choose a video for your klip.',
  posterHint: 'Move the slider to the frame you want, then use it as the poster.',
  posterAuto: 'If you do not pick a frame, we take one from the video.',
  posterSaved: 'Poster frame saved',
  posterFailed: (reason: string) => `The poster frame did not upload: ${reason}`,
  noPreview:
    'This browser cannot play this video, so there is no preview or frame picker. It uploads all the same, and we take the poster from the video.',
  created: 'Klip published. It is processing now.',
  updated: 'Klip updated',
  deleteAction: 'Delete Klip',
  deleteTitle: (title: string) => `Delete “${title}”?`,
  deleteDescription: 'The klip, its video, likes and comments will be removed. This cannot be undone.',
  deleteKeep: 'Keep klip',
  deleted: 'Klip deleted',
  // The owner's controls on their klip's card, in the theater and in the phone feed.
  edit: 'Edit',
  editLabel: (title: string) => `Edit klip ${title}`,
  deleteShort: 'Delete',
  deleteLabel: (title: string) => `Delete klip ${title}`,
  manage: 'Manage',
  manageLabel: 'Edit or delete your klip',
  processing: 'Processing your klip…',
  processingHint: 'This page updates by itself when it is ready.',
  active: 'Your klip is live',
  failed: 'This klip could not be processed',
  retried: 'Processing your klip again',
  reupload: 'The original video is gone. Upload it again to retry.',
} as const;
