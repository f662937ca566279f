"use client";

import { useEffect, useRef } from "react";

// Cell content the stylesheet may cut short with an ellipsis (identifiers are never wrapped).
const TRUNCATABLE = ".truncate, .code, a.mono, span.mono";

/** Gives a cut-short cell its full text as a tooltip, the first time a pointer or focus reaches it. */
function revealFullText(e: React.SyntheticEvent) {
  const el = (e.target as Element).closest?.(TRUNCATABLE) as HTMLElement | null;
  if (!el || el.title || el.scrollWidth <= el.clientWidth) return;
  el.title = el.textContent ?? "";
}

/**
 * A table's own horizontal scroll container: a wide table scrolls here, never the page. Marks
 * whether more columns lie to the right, so the pinned actions column can show a divider.
 */
export function TableWrap({ children, testId }: { children: React.ReactNode; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      el.toggleAttribute("data-more-right", el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
      // A table wider than its card scrolls here: the keyboard must reach it too (WCAG 2.1.1), named as its table.
      const scrolls = el.scrollWidth > el.clientWidth + 1;
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.tabIndex = 0;
        el.setAttribute("role", "region");
        el.setAttribute(
          "aria-label",
          `${el.querySelector("table")?.getAttribute("aria-label") ?? "Table"} (scrolls sideways)`,
        );
      } else if (!scrolls && el.hasAttribute("tabindex")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("role");
        el.removeAttribute("aria-label");
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    el.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", update);
    };
  }, []);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal a cut-off cell's full text; nothing is activated.
    <div className="table-wrap" ref={ref} data-testid={testId} onPointerOver={revealFullText} onFocus={revealFullText}>
      {children}
    </div>
  );
}
