/**
 * One page of the audit pack for one live credit (issue 42): what the feature that decided the
 * credit (webinar or in-person event) says of it, as text the tracker's renderer draws without
 * knowing that feature. A heading, label–value facts, then lines (each scan or join, in order),
 * then titled sections (a webinar's presence, its polls).
 */
export type TEvidencePage = {
  heading: string;
  facts: readonly (readonly [string, string])[];
  lines: readonly string[];
  sections?: readonly { title: string; lines: readonly string[] }[];
};
