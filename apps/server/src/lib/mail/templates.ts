import type { TMailAttachment, TOutboxTables } from './outbox.ts';

/*
 * A mail may be queued as its facts and rendered when it is sent (docs/decisions/1116). Rendering
 * a mail (its text, HTML and calendar file) cost a reservation more server CPU than all of its
 * statements, and the rendered row (5–7 KB) more pages written at commit than the seat itself;
 * queued as facts (about 600 bytes) the request does neither, and the outbox worker renders it
 * off the member's path. A feature names its renderer once, where its mails are written; the
 * worker, the console's mail reader and the tests render a queued row through this one table.
 */

/** What a renderer makes of its facts (the row's subject is written when it is queued). */
export type TRenderedMail = {
  text: string;
  html?: string;
  attachments?: TMailAttachment[];
  headers?: Record<string, string>;
};

type TRenderer = (facts: unknown) => TRenderedMail;

const renderers = new Map<string, TRenderer>();

export type TMailTemplate<TFacts> = {
  readonly name: string;
  /** What outboxRow() writes for a mail of this template: its name and its facts. */
  queued(facts: TFacts): { name: string; facts: TFacts };
  render(facts: TFacts): TRenderedMail;
};

/**
 * Names a renderer; a module that queues mail of it defines it at its top level, so it is
 * known in every process that can queue such a mail. A name is taken once.
 */
export function mailTemplate<TFacts>(
  name: string,
  render: (facts: TFacts) => TRenderedMail,
): TMailTemplate<TFacts> {
  if (renderers.has(name)) throw new Error(`The mail template "${name}" is named twice.`);
  renderers.set(name, render as TRenderer);
  return { name, queued: (facts) => ({ name, facts }), render };
}

/** The columns of an outbox row as read (attachments is a JSON list). */
type TOutboxRow = Pick<
  TOutboxTables['mail_outbox'],
  'text_body' | 'html_body' | 'headers' | 'template' | 'facts'
> & {
  attachments: string;
};

/**
 * The row as sent: a row queued as facts gets its text, HTML, attachments and headers from its
 * renderer; a row queued rendered is returned as it is. Throws for a template no module named.
 */
export function renderedOutboxRow<TRow extends TOutboxRow>(row: TRow): TRow {
  if (row.template === null || row.template === undefined) return row;
  const render = renderers.get(row.template);
  if (!render) throw new Error(`No mail template is named "${row.template}".`);
  const mail = render(JSON.parse(row.facts ?? 'null') as unknown);
  return Object.assign({}, row, {
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: JSON.stringify(mail.attachments ?? []),
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
  });
}
