import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TTabItem<T extends string> = { id: T; label: string };

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * Tabs of the WAI-ARIA pattern: a tablist whose arrow keys (and Home/End) move and select,
 * one tabpanel per tab. Only the selected panel renders its content, so a tab's data loads
 * when it is chosen.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  items,
  selected,
  onSelect,
  children,
}: {
  label: string;
  idPrefix: string;
  items: readonly TTabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const tabId = (id: T) => `${idPrefix}-tab-${id}`;
  const panelId = (id: T) => `${idPrefix}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next =
      items[
        step(
          items.findIndex((t) => t.id === selected),
          items.length,
        )
      ]!.id;
    onSelect(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-selected={t.id === selected}
            aria-controls={panelId(t.id)}
            tabIndex={t.id === selected ? 0 : -1}
            className={t.id === selected ? 'tab is-active' : 'tab'}
            onClick={() => onSelect(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={panelId(t.id)}
          aria-labelledby={tabId(t.id)}
          hidden={t.id !== selected}
          tabIndex={0}
          className="tab-panel"
        >
          {t.id === selected && children}
        </div>
      ))}
    </>
  );
}
