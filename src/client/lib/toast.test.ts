// The toasts wait for their library (docs/product.md "Toasts"): calls made before it arrives are replayed in their
// order, so none is lost and a dismiss still finds the toast it names; once it is here, calls go straight through.
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as unknown[][]);
vi.mock('react-hot-toast', () => {
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      calls.push([kind, ...args]);
  return {
    toast: Object.assign(record('plain'), {
      success: record('success'),
      error: record('error'),
      dismiss: record('dismiss'),
    }),
  };
});

const { toast } = await import('./toast.ts');

describe('toast', () => {
  it('replays the calls made before the library arrived, in order, then calls it at once', async () => {
    toast.success('Saved', { id: 'save' });
    toast.dismiss('save');
    toast.error('Failed');
    toast('Hello', { duration: 1000 });
    toast.dismiss('other', 'dialog');
    expect(calls).toEqual([]);
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(calls).toEqual([
      ['success', 'Saved', { id: 'save' }],
      ['dismiss', 'save', undefined],
      ['error', 'Failed', undefined],
      ['plain', 'Hello', { duration: 1000 }],
      ['dismiss', 'other', 'dialog'],
    ]);
    toast.error('Now');
    expect(calls.at(-1)).toEqual(['error', 'Now', undefined]);
  });
});
