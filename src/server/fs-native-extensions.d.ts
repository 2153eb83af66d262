// Minimal types for fs-native-extensions (the file lock of decision 0032); the package ships none.
declare module 'fs-native-extensions' {
  /** true when the lock was granted, false when another open file description holds a conflicting one. */
  export function tryLock(
    fd: number,
    offset?: number,
    length?: number,
    options?: { shared?: boolean },
  ): boolean;
}
