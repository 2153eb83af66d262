// The demo klips (docs/product.md "Demo marketplace"): two per Shop Star, each featuring one of that creator's own
// demo products, with likes, comments and replies from the other demo accounts. Their videos are drawn by ffmpeg's
// lavfi sources (no network, no fonts) and go through the real transcode job (demo-klip-videos.ts). The klips
// themselves are data (demo-data/demo-klips.json), read with the schema below.
import { z } from 'zod';
import klipsData from './demo-data/demo-klips.json' with { type: 'json' };

/** Which lavfi picture a demo klip's video shows (demo-klip-videos.ts draws it); each looks unlike the others. */
const PatternSchema = z.enum([
  'testsrc2',
  'smptebars',
  'mandelbrot',
  'life',
  'cellauto',
  'rgbtestsrc',
  'gradients',
  'colorspectrum',
  'palette',
  'sierpinski',
  'pal100bars',
  'yuvtestsrc',
  'colorchart',
  'testsrc',
]);
export type DemoKlipPattern = z.infer<typeof PatternSchema>;

export interface DemoComment {
  /** A demo account's username. */
  by: string;
  text: string;
  /** Stored as the spec says: the content starts with the parent author's name and a colon (seed-demo.ts adds it). */
  replies?: { by: string; text: string }[];
}

export interface DemoKlip {
  /** Username of the demo creator who posted it. */
  creator: string;
  /** One of the creator's own demo products (demo-products.ts), by name. */
  product: string;
  title: string;
  description: string;
  tags: string[];
  video: { pattern: DemoKlipPattern; seconds: number; toneHz: number };
  /** How long ago it was posted, so the grid has an order and ages. */
  ageHours: number;
  /** Demo accounts that like it. */
  likedBy: string[];
  /** Anonymous viewers over its days, besides the demo accounts that watched it. */
  anonymousViews: number;
  comments: DemoComment[];
}

const CommentSchema = z.object({
  by: z.string(),
  text: z.string(),
  replies: z.array(z.object({ by: z.string(), text: z.string() })).optional(),
});

const KlipSchema = z.object({
  creator: z.string(),
  product: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  video: z.object({ pattern: PatternSchema, seconds: z.number(), toneHz: z.number() }),
  ageHours: z.number(),
  likedBy: z.array(z.string()),
  anonymousViews: z.number(),
  comments: z.array(CommentSchema),
});

// Parsed at import: a typo in the data file fails the seed's tests with the path of the bad value.
export const DEMO_KLIPS: DemoKlip[] = z.array(KlipSchema).parse(klipsData);
