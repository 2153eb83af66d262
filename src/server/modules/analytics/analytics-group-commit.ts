// Group commit for the events endpoint (decision 0069): batches that arrive while a write is in flight wait for it
// and are then written together by the next one, so a busy minute costs a few statements, not two per request.
// Each caller is answered with its own result once the write that holds its batch has committed, or with its error.

export interface GroupCommitOptions<Item, Result> {
  /** Writes the items in one go and answers one result per item, in their order. */
  write(items: readonly Item[]): Promise<Result[]>;
  /** An item's share of a group (the events it carries); a group stays within `maxWeight` unless one item alone is over. */
  weight(item: Item): number;
  maxWeight: number;
  /**
   * Whether a group's error may come from one of its items (bad data rather than an unreachable database): each item
   * of that group is then written alone, so that one item's error is its own and not its neighbours'.
   */
  isItemError(error: unknown): boolean;
  /** Writes in flight at once (default 1): more than one lets the database use more than one core. */
  writers?: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>) {
  let queue: Array<Waiting<Item, Result>> = [];
  let writing = 0;

  /** The queue's head that fits in one group (at least one item). */
  function takeGroup(): Array<Waiting<Item, Result>> {
    let weight = 0;
    let count = 0;
    while (count < queue.length) {
      const next = options.weight(queue[count]!.item);
      if (count > 0 && weight + next > options.maxWeight) break;
      weight += next;
      count += 1;
    }
    const group = queue.slice(0, count);
    queue = queue.slice(count);
    return group;
  }

  async function writeGroup(group: ReadonlyArray<Waiting<Item, Result>>): Promise<void> {
    try {
      const results = await options.write(group.map((waiting) => waiting.item));
      group.forEach((waiting, index) => waiting.resolve(results[index]!));
    } catch (error) {
      if (group.length === 1 || !options.isItemError(error)) {
        for (const waiting of group) waiting.reject(error);
        return;
      }
      for (const waiting of group) await writeGroup([waiting]);
    }
  }

  async function drain(): Promise<void> {
    writing += 1;
    try {
      while (queue.length > 0) await writeGroup(takeGroup());
    } finally {
      writing -= 1;
    }
  }

  return {
    /** Resolves with the item's result once it is committed; while a writer is free, an item is written at once. */
    submit(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (writing < (options.writers ?? 1)) void drain();
      });
    },
    /** Items waiting for a write (not counting the group being written). */
    get waiting(): number {
      return queue.length;
    },
  };
}
