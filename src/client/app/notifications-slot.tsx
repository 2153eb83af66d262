// The notifications button in the signed-in header (HeaderSlots.notifications, given by RootLayout): the feature's
// bell, unread badge, panel and live stream (docs/product.md "Notifications"). A chunk of its own, fetched once
// someone is signed in.
import { NotificationsMenu } from '../features/notifications/components/notifications-menu.tsx';

export default function NotificationsSlot() {
  return <NotificationsMenu />;
}
