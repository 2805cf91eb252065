import type { ReactNode } from 'react';

/** Labelled facts as a definition list; a fact without a value is left out. */
export function FactList({ facts, className }: { facts: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={className ? `fact-list ${className}` : 'fact-list'}>
      {facts
        .filter((fact) => Boolean(fact[1]))
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
