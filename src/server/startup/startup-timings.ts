// How long each phase of a start took, printed in the start's log line, so that a slow start says where its time
// went (bench/restart.ts reads them). The first phase runs from the process's own start (performance's origin).

export interface StartupTimings {
  /** Ends the phase running now, named by what it did. */
  end(phase: string): void;
  phases: Record<string, number>;
  /** 'modules 0.41 s, database 0.62 s, ...' */
  describe(): string;
}

export function createStartupTimings(): StartupTimings {
  const phases: Record<string, number> = {};
  let last = 0;
  return {
    phases,
    end(phase) {
      const now = performance.now();
      phases[phase] = (phases[phase] ?? 0) + Math.round(now - last);
      last = now;
    },
    describe() {
      return Object.entries(phases)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s`)
        .join(', ');
    },
  };
}
