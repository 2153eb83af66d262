import { describe, expect, it } from 'vitest';
import { createTestComment } from '../test-klip.ts';
import {
  addToPages,
  changeReplyCount,
  findInPages,
  flattenCommentPages,
  replaceInPages,
  restoreInPages,
  type CommentPages,
} from './use-klip-comments-cache.ts';

const a = createTestComment({ id: 'a' });
const b = createTestComment({ id: 'b', replyCount: 2 });
const c = createTestComment({ id: 'c' });
const mine = createTestComment({ id: 'temp-1' });

function pages(...lists: (typeof a)[][]): CommentPages {
  return {
    pages: lists.map((comments, index) => ({
      comments,
      lastEvaluatedKey: index < lists.length - 1 ? `key-${index}` : null,
      hasMore: index < lists.length - 1,
    })),
    pageParams: lists.map((_, index) => (index === 0 ? null : `key-${index - 1}`)),
  };
}

const ids = (data: CommentPages) => flattenCommentPages(data).map((comment) => comment.id);

describe('the comment pages cache', () => {
  it('lists the loaded pages in order, each comment once', () => {
    expect(ids(pages([a, b], [b, c]))).toEqual(['a', 'b', 'c']);
    expect(flattenCommentPages(undefined)).toEqual([]);
  });

  it('puts a new comment first when the newest come first, else last of what is loaded', () => {
    expect(ids(addToPages(pages([a], [b]), mine, 'newest'))).toEqual(['temp-1', 'a', 'b']);
    expect(ids(addToPages(pages([a], [b]), mine, 'oldest'))).toEqual(['a', 'b', 'temp-1']);
  });

  it("swaps a temporary comment for the server's copy, or takes it out", () => {
    const data = pages([mine, a]);
    expect(ids(replaceInPages(data, 'temp-1', c))).toEqual(['c', 'a']);
    expect(ids(replaceInPages(data, 'temp-1', null))).toEqual(['a']);
  });

  it('puts a comment that could not be deleted back where it was', () => {
    const data = pages([a, b], [c]);
    const place = findInPages(data, 'b');
    expect(place).toEqual({ page: 0, index: 1 });
    const removed = replaceInPages(data, 'b', null);
    expect(ids(restoreInPages(removed, b, place))).toEqual(['a', 'b', 'c']);
    // Not twice, and last when its place is unknown.
    expect(ids(restoreInPages(data, b, place))).toEqual(['a', 'b', 'c']);
    expect(ids(restoreInPages(removed, b, null))).toEqual(['a', 'c', 'b']);
  });

  it("changes a comment's reply count, never below zero", () => {
    const data = pages([a, b]);
    expect(flattenCommentPages(changeReplyCount(data, 'b', 1))[1]?.replyCount).toBe(3);
    expect(flattenCommentPages(changeReplyCount(data, 'a', -1))[0]?.replyCount).toBe(0);
  });
});
