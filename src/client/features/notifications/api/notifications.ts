// The user's activity (docs/product.md "Notifications"; decisions 0077 and 0078): the unread count, the grouped
// list page by page, read marks, and the live stream that keeps both fresh. While the stream is not open the count is
// asked for every NOTIFICATION_POLL_MS instead.
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NOTIFICATION_POLL_MS, NOTIFICATIONS_PAGE_SIZE } from '../../../../shared/constants.ts';
import type { ListNotificationsResponse } from '../../../../shared/contracts/notifications.ts';
import { api, API_BASE_PATH } from '../../../lib/api-client.ts';
import { getAuthStore, useAuth } from '../../../lib/auth.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: (uid: string | null) => [...notificationKeys.all, 'count', uid] as const,
  list: (uid: string | null) => [...notificationKeys.all, 'list', uid] as const,
};

type CountAnswer = { unreadCount: number };

export function useUnreadCount(live: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: notificationKeys.count(user?.uid ?? null),
    enabled: Boolean(user),
    queryFn: ({ signal }) => api.get<CountAnswer>('/notifications/unread-count', { signal }),
    select: (answer) => answer.unreadCount,
    // The stream keeps it fresh; without one, polling does (decision 0078).
    refetchInterval: live ? false : NOTIFICATION_POLL_MS,
    retry: false,
  });
}

export function useNotifications(enabled: boolean) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(user?.uid ?? null),
    enabled: enabled && Boolean(user),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<ListNotificationsResponse>('/notifications', {
        query: { limit: NOTIFICATIONS_PAGE_SIZE, lastEvaluatedKey: pageParam },
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.lastEvaluatedKey : null),
  });
}

function setCount(client: QueryClient, uid: string | null, unreadCount: number) {
  client.setQueryData<CountAnswer>(notificationKeys.count(uid), { unreadCount });
}

export function useMarkRead() {
  const client = useQueryClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      ids === 'all'
        ? api.post<CountAnswer>('/notifications/read-all')
        : api.post<CountAnswer>('/notifications/read', { ids }),
    onSuccess: (answer) => {
      setCount(client, uid, answer.unreadCount);
      void client.invalidateQueries({ queryKey: notificationKeys.list(uid) });
    },
  });
}

/** How long to wait before opening the stream again after it ended or failed. */
const RECONNECT_MS = 5_000;

/**
 * One stream per tab while signed in (decision 0078), read with fetch so that the token travels in the header. Each
 * `unread` event sets the count and refreshes the list; it closes on sign-out. Returns whether it is open.
 */
export function useNotificationStream(): boolean {
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!uid) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      const token = getAuthStore().getToken();
      try {
        if (!token) throw new Error('no session');
        const response = await fetch(`${API_BASE_PATH}/notifications/stream`, {
          headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
        setOpen(true);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!/^event: unread$/m.test(block)) continue;
            const data = /^data: (.*)$/m.exec(block)?.[1];
            const unreadCount = data ? (JSON.parse(data) as CountAnswer).unreadCount : undefined;
            if (typeof unreadCount !== 'number') continue;
            const previous = client.getQueryData<CountAnswer>(notificationKeys.count(uid))?.unreadCount;
            setCount(client, uid, unreadCount);
            if (previous !== unreadCount)
              void client.invalidateQueries({ queryKey: notificationKeys.list(uid) });
          }
        }
      } catch {
        // Aborted (sign-out, unmount) or failed: polling covers the gap.
      }
      setOpen(false);
      if (!controller.signal.aborted) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setOpen(false);
    };
  }, [uid, client]);
  return open;
}
