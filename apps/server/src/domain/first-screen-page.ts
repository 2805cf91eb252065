import type { TCompressible } from '../lib/compression.ts';

/*
 * What the web plugin (plugins/web.ts) and the site feature's page server
 * (features/site/first-screen.ts) agree on: the plugin serves the page the site feature fills.
 * Here, below both, so neither imports the other (docs/decisions/0004).
 */

/**
 * The filled page, compressed on first need (lib/compression). A member's own screen is private:
 * built for the request, never cached or compared by ETag (0833).
 */
export type TFirstScreenPage = TCompressible & { etag: string; isPrivate?: boolean };

/** What the page server knows of who asks: the zone and session their cookies name. */
export type TReader = { timeZone: string | null; session: string | null };

/** The site feature's page of an address for a reader, which the web plugin serves. */
export type TFirstScreenPages = (address: string, reader: TReader) => Promise<TFirstScreenPage>;
