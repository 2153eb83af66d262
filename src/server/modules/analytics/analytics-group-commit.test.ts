// The events endpoint's group commit (decision 0069), with a write the test holds open: what arrives during a write
// goes into the next one, each caller gets its own result, groups stay within their weight, and one item's bad data
// fails only that item while an unreachable database fails the whole group.
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './analytics-group-commit.ts';

/** A write the test releases by hand, recording each group it was given. */
function heldWrites(fail?: (items: readonly number[]) => Error | undefined) {
  const groups: number[][] = [];
  const releases: Array<() => void> = [];
  const write = (items: readonly number[]) => {
    groups.push([...items]);
    return new Promise<string[]>((resolve, reject) => {
      releases.push(() => {
        const error = fail?.(items);
        if (error) reject(error);
        else resolve(items.map((item) => `stored ${item}`));
      });
    });
  };
  /** Releases the oldest held write, once the group commit has started it. */
  async function releaseNext(): Promise<void> {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    releases.shift()!();
  }
  return { groups, write, releaseNext };
}

const dataError = () => Object.assign(new Error('value too long'), { code: '22001' });
const isDataError = (error: unknown) => (error as { code?: string }).code === '22001';

describe('createGroupCommit', () => {
  it('writes the first item at once and the items that arrive meanwhile together, each answered with its own result', async () => {
    const writes = heldWrites();
    const commit = createGroupCommit({
      write: writes.write,
      weight: () => 1,
      maxWeight: 100,
      isItemError: isDataError,
    });
    const first = commit.submit(1);
    const rest = [2, 3, 4].map((item) => commit.submit(item));
    expect(writes.groups).toEqual([[1]]);
    expect(commit.waiting).toBe(3);
    await writes.releaseNext();
    expect(await first).toBe('stored 1');
    await writes.releaseNext();
    expect(await Promise.all(rest)).toEqual(['stored 2', 'stored 3', 'stored 4']);
    expect(writes.groups).toEqual([[1], [2, 3, 4]]);
    expect(commit.waiting).toBe(0);
  });

  it('keeps a group within its weight, and an item heavier than the limit goes alone', async () => {
    const writes = heldWrites();
    const commit = createGroupCommit({
      write: writes.write,
      weight: (item: number) => item,
      maxWeight: 10,
      isItemError: isDataError,
    });
    const all = [1, 4, 5, 2, 20, 3].map((item) => commit.submit(item));
    // The first alone (the queue was idle), then [4, 5] (2 more would make 11), [2] (20 would make 22), [20], [3].
    for (let index = 0; index < 5; index += 1) await writes.releaseNext();
    expect(await Promise.all(all)).toEqual([1, 4, 5, 2, 20, 3].map((item) => `stored ${item}`));
    expect(writes.groups).toEqual([[1], [4, 5], [2], [20], [3]]);
  });

  it("writes each item of a group alone after a data error, so only the bad item's caller gets it", async () => {
    const writes = heldWrites((items) => (items.includes(13) ? dataError() : undefined));
    const commit = createGroupCommit({
      write: writes.write,
      weight: () => 1,
      maxWeight: 100,
      isItemError: isDataError,
    });
    const first = commit.submit(1);
    const grouped = [12, 13, 14].map((item) => commit.submit(item).catch((error: Error) => error));
    await writes.releaseNext();
    await first;
    // The group, then each of its items alone.
    for (let index = 0; index < 4; index += 1) await writes.releaseNext();
    const [twelve, thirteen, fourteen] = await Promise.all(grouped);
    expect(twelve).toBe('stored 12');
    expect(thirteen).toMatchObject({ code: '22001' });
    expect(fourteen).toBe('stored 14');
    expect(writes.groups).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
  });

  it('fails every item of a group the database did not take, once, and goes on with the next group', async () => {
    let down = true;
    const writes = heldWrites(() => (down ? new Error('connection refused') : undefined));
    const commit = createGroupCommit({
      write: writes.write,
      weight: () => 1,
      maxWeight: 100,
      isItemError: isDataError,
    });
    const first = commit.submit(1).catch((error: Error) => error.message);
    const grouped = [2, 3].map((item) => commit.submit(item).catch((error: Error) => error.message));
    await writes.releaseNext();
    expect(await first).toBe('connection refused');
    await writes.releaseNext();
    expect(await Promise.all(grouped)).toEqual(['connection refused', 'connection refused']);
    down = false;
    const later = commit.submit(4);
    await writes.releaseNext();
    expect(await later).toBe('stored 4');
    expect(writes.groups).toEqual([[1], [2, 3], [4]]);
  });

  it('keeps as many writes in flight as it has writers, and groups what arrives while all are busy', async () => {
    const writes = heldWrites();
    const commit = createGroupCommit({
      write: writes.write,
      weight: () => 1,
      maxWeight: 100,
      isItemError: isDataError,
      writers: 2,
    });
    const all = [1, 2, 3, 4].map((item) => commit.submit(item));
    expect(writes.groups).toEqual([[1], [2]]);
    for (let index = 0; index < 3; index += 1) await writes.releaseNext();
    expect(await Promise.all(all)).toEqual(['stored 1', 'stored 2', 'stored 3', 'stored 4']);
    expect(writes.groups).toEqual([[1], [2], [3, 4]]);
  });
});
