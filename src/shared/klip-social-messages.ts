// Likes, comments and sharing on a klip (docs/product.md "Klip interaction", "Comments").

// Klip interactions (docs/product.md "Klip interactions API", "Error texts: Klips"): the spec's toasts, and the
// server's answers (ours where the spec shows none).
export const INTERACTION_MESSAGES = {
  likeFailed: 'Failed to update like',
  likeNetworkFailed: 'Network error: Failed to update like',
  commentsLoadFailed: 'Failed to load comments',
  commentsLoadNetworkFailed: 'Network error: Failed to load comments',
  commentPostFailed: 'Failed to post comment',
  commentPostNetworkFailed: 'Network error: Failed to post comment',
  replyPostFailed: 'Failed to post reply',
  commentDeleteFailed: 'Failed to delete comment',
  replyDeleteFailed: 'Failed to delete reply',
  commentDeleteNetworkFailed: 'Network error: Failed to delete comment',
  commentsUnavailable: 'Comment functionality is not available at the moment.',
  commentDeleted: 'Comment deleted',
  replyDeleted: 'Reply deleted',
  confirmDeleteComment: 'Are you sure you want to delete this comment?',
  confirmDeleteReply: 'Delete this reply?',
  // Ours.
  liked: 'Klip liked',
  unliked: 'Like removed',
  commentPosted: 'Comment posted',
  replyPosted: 'Reply posted',
  commentBlank: 'A comment cannot be blank',
  commentTooLong: (max: number) => `A comment can have at most ${max} characters`,
  commentNotFound: 'Comment not found',
  notYourComment: 'Only its author can delete this comment',
  extrasTooLarge: (max: number) => `extras can be at most ${max} bytes as JSON`,
  extrasTooManyKeys: (max: number) => `at most ${max} keys`,
  extraValueInvalid: (max: number) => `a text of at most ${max} characters, a number, true or false`,
  contentNotFound: (id: string) => `contentId: no product, klip or offer has the id ${id}`,
} as const;

// The like, comment, share column and the product card on a klip (decision 0041; docs/product.md "Klips", "Klip
// interaction", "Comments"): the labels, ours (the spec's toasts are INTERACTION_MESSAGES and KLIPS_MESSAGES).
export const KLIP_SOCIAL_MESSAGES = {
  like: 'Like',
  likeCount: (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`,
  comments: 'Comments',
  commentCount: (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`,
  share: 'Share',
  // The Share button's name while it shows `Copied`: its name contains the words it shows (docs/product.md
  // "Accessibility").
  shareCopied: 'Share, link copied',
  copyLink: 'Copy link',
  copied: 'Copied',
  shareWhatsApp: 'WhatsApp',
  shareX: 'X',
  shareFacebook: 'Facebook',
  shareMore: 'More options...',
  sortLabel: 'Sort comments',
  newest: 'Newest',
  oldest: 'Oldest',
  loadMore: 'Load more',
  noComments: 'No comments yet. Be the first!',
  viewReplies: (count: number) => `View ${count} ${count === 1 ? 'reply' : 'replies'}`,
  hideReplies: 'Hide replies',
  reply: 'Reply',
  replyingTo: (name: string) => `Replying to @${name}`,
  cancelReply: 'Cancel reply',
  placeholder: 'Add a comment...',
  replyPlaceholder: 'Add a reply...',
  send: 'Send',
  signInToComment: 'Sign in to comment',
  previewComments: 'Comments open once the klip is published.',
  commentOptions: 'Comment options',
  delete: 'Delete',
  cancel: 'Cancel',
  posting: 'Posting...',
  addToLootFor: (name: string) => `Add ${name} to your Loot Box`,
  // Ours, after the spec's 'Failed to share product': the phone's share sheet failed.
  shareFailed: 'Failed to share klip',
} as const;
