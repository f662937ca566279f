"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const SECTIONS = [
  {
    label: "Migration",
    links: [
      { href: "/migration", label: "Dashboard", icon: icon("M3 3v18h18M7 15l4-4 3 3 5-6") },
      { href: "/suppliers", label: "Suppliers", icon: icon("M3 21h18M5 21V7l7-4 7 4v14M9 21v-6h6v6") },
      {
        href: "/cohorts",
        label: "Cohorts",
        icon: icon(
          "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75",
        ),
      },
      { href: "/import-jobs", label: "Import jobs", icon: icon("M12 3v12M7 10l5 5 5-5M4 21h16") },
      { href: "/accounts", label: "Accounts", icon: icon("M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35") },
      { href: "/products", label: "Products", icon: icon("M20 7 12 3 4 7v10l8 4 8-4V7zM4 7l8 4 8-4M12 11v10") },
    ],
  },
  {
    label: "Events",
    links: [
      { href: "/events", label: "Event log", icon: icon("M22 12h-4l-3 9L9 3l-3 9H2") },
      {
        href: "/events/catalogue",
        label: "Event catalogue",
        icon: icon("M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14zM20 17v4H6.5"),
      },
    ],
  },
  {
    label: "Developers",
    links: [
      {
        href: "/api-keys",
        label: "API keys",
        icon: icon(
          "M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.78 7.78 5.5 5.5 0 0 1 7.78-7.78zm0 0L15.5 7.5m0 0 3 3L22 7l-3-3m-3.5 3.5L19 4",
        ),
      },
      { href: "/api-reference", label: "API reference", icon: icon("M16 18l6-6-6-6M8 6l-6 6 6 6") },
      {
        href: "/audit",
        label: "Audit log",
        icon: icon("M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11"),
      },
    ],
  },
];

export function Nav() {
  const pathname = usePathname();
  const active = (href: string) =>
    pathname === href ||
    (pathname.startsWith(`${href}/`) &&
      !SECTIONS.some((s) =>
        s.links.some((l) => l.href !== href && l.href.startsWith(href) && pathname.startsWith(l.href)),
      ));
  return (
    <nav className="nav" aria-label="Main">
      {SECTIONS.map((s) => (
        <div className="nav-section" key={s.label}>
          <div className="nav-label">{s.label}</div>
          {s.links.map((l) => (
            <Link key={l.href} href={l.href} aria-current={active(l.href) ? "page" : undefined}>
              {l.icon}
              {l.label}
            </Link>
          ))}
        </div>
      ))}
    </nav>
  );
}
