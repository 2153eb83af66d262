// What the notifications feature says (docs/product.md "Notifications").

/** "Asha", "Asha and Ravi", "Asha and 12 others". */
function actors(name: string, others: number): string {
  if (others <= 0) return name;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

export const NOTIFICATION_MESSAGES = {
  /** An actor whose activity is private (users.activity_visible false). */
  someone: 'Someone',
  liked: (name: string, others: number, title: string) =>
    `${actors(name, others)} liked your klip "${title}"`,
  commented: (name: string, others: number, title: string) =>
    `${actors(name, others)} commented on your klip "${title}"`,
  repliedToYou: (name: string, others: number, title: string) =>
    `${actors(name, others)} replied to your comment on "${title}"`,
  replied: (name: string, others: number, title: string) =>
    `${actors(name, others)} replied to a comment on your klip "${title}"`,
  offerEnding: (offer: string, product: string) => `${offer} on ${product} ends within 24 hours`,
  title: 'Activity',
  open: 'Notifications',
  unread: (count: number) => `${count} unread`,
  empty: 'No activity yet. Likes, comments and replies on your klips show up here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadMore: 'Show older',
  loadFailed: 'Activity could not be loaded.',
  retry: 'Try again',
  newActivity: (count: number) => `${count} new ${count === 1 ? 'notification' : 'notifications'}`,
  tooManyStreams: (max: number) =>
    `At most ${max} live activity streams per user are open; close a tab first.`,
  mailSubject: (name: string) => `${name} commented on your klip`,
  mailReplySubject: (name: string) => `${name} replied on your klip`,
  mailText: (summary: string, content: string, link: string) =>
    `${summary}:\n\n"${content}"\n\nSee it on Lootklip: ${link}\n\nTurn these e-mails off in Settings > Notifications.`,
} as const;
