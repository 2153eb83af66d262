// The page's CSP has no 'unsafe-eval', so zod must not try `new Function`: it would only log a violation and fall
// back. main.tsx imports this first, before any module builds a schema, since zod decides when it builds an object
// schema whether to compile it (decision 0060).
import { z } from 'zod';

z.config({ jitless: true });
