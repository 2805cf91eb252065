/** Labelled facts as a definition list; a fact without a value is left out. */
export function FactList({
  facts,
  className,
}: {
  facts: [string, string | null | undefined][];
  className?: string;
}) {
  return (
    <dl className={className ? `fact-list ${className}` : 'fact-list'}>
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
