// What every refused or failed API request answers (src/server/http/error-handler.ts writes it): `code` is the stable
// value a client branches on (`not-found`, `auth/wrong-password`), `message` the text it may show.
import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
