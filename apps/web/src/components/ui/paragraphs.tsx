/** Plain text as paragraphs, split on blank lines (a description staff typed). */
export function Paragraphs({ text }: { text: string }) {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => <p key={i}>{p}</p>);
}
