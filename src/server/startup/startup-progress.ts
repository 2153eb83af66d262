// A step of the start, as the starting server shows it: its text, and how far it is when it counts something.

export interface StartupProgress {
  /** One line a person reads: 'Seeding demo marketplace: 40/63 products'. */
  step: string;
  done?: number;
  total?: number;
}
