"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Nav } from "./nav";
import { Brand } from "./ui/brand";

/**
 * The console's sidebar: always open on wide screens; on narrow ones a top bar whose Menu
 * button opens the navigation over the page, and which closes on navigation or Escape.
 */
export function Sidebar({ footer }: { footer: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <aside className="sidebar" data-open={open ? "true" : undefined}>
      <div className="sidebar-top">
        <Brand />
        <button
          ref={button}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="console-menu"
          onClick={() => setOpen(!open)}
        >
          <svg
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          Menu
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation: the click is a link's, which the keyboard activates too */}
      <div
        id="console-menu"
        className="sidebar-panel"
        onClick={(e) => {
          // A link to the page already shown changes no pathname: close on the click itself.
          if ((e.target as Element).closest("a")) setOpen(false);
        }}
      >
        <Nav />
        {footer}
      </div>
    </aside>
  );
}
