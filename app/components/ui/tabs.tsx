"use client";

import { useEffect, useId, useRef } from "react";

export type Tab = { id: string; label: string; count?: number | string; content: React.ReactNode };

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs. */
export function Tabs({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: Tab[];
  value: string;
  onChange: (id: string) => void;
  label: string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (e: React.KeyboardEvent, i: number) => {
    const keys: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 };
    if (!(e.key in keys)) return;
    e.preventDefault();
    const next = tabs[(keys[e.key] + tabs.length) % tabs.length];
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  const current = tabs.find((t) => t.id === value) ?? tabs[0];
  // A tab list wider than the screen scrolls: keep the chosen tab (from the URL, say) in view,
  // also when counts arriving later widen the tabs before it.
  const widths = tabs.map((t) => `${t.label}${t.count ?? ""}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: `widths` changes when a tab's text does, which moves the chosen tab.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const tab = refs.current[current.id];
      const list = tab?.parentElement;
      if (!tab || !list) return;
      const left = tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
      const right = left + tab.getBoundingClientRect().width;
      if (right > list.clientWidth) list.scrollLeft += right - list.clientWidth + 16;
      else if (left < 0) list.scrollLeft += left - 16;
    });
    return () => cancelAnimationFrame(frame);
  }, [current.id, widths]);
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            role="tab"
            type="button"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === current.id ? 0 : -1}
            onClick={() => onChange(t.id)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
            {t.count !== undefined && <span className="count">{t.count}</span>}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${current.id}`}
        aria-labelledby={`${base}-tab-${current.id}`}
        tabIndex={0}
        className="card-body"
      >
        {/* The panel's own heading keeps the outline in order (h1 page, h2 tab, h3 its parts). */}
        <h2 className="visually-hidden">{current.label}</h2>
        {current.content}
      </div>
    </div>
  );
}
