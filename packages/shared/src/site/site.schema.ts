import { z } from 'zod';

/** GET /api/blurb?code=… (01 §7). */
export const ZBlurbQuery = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'code is required.')
    .max(60)
    .regex(/^[a-z0-9_-]+$/i, 'Must be a valid blurb code.'),
});

export const ZBlurbResponse = z.object({
  status: z.boolean(),
  rowCount: z.number().int(),
  data: z.array(z.object({ code: z.string(), blurb: z.string() })),
  /** On a refusal (an unknown code): the text fit to show (03 §2). */
  msg: z.string().optional(),
});
export type TBlurbResponse = z.infer<typeof ZBlurbResponse>;

/** Public site settings the browser needs before anything else. */
export const ZSiteResponse = z.object({
  status: z.boolean(),
  brand: z.string(),
  socialLinks: z.array(z.object({ label: z.string(), url: z.string() })),
  desktopSiteUrl: z.string(),
});
export type TSiteResponse = z.infer<typeof ZSiteResponse>;

export const ZHealthResponse = z.object({
  status: z.boolean(),
  database: z.enum(['sqlite', 'postgres']),
  uptimeSec: z.number(),
});
