"use client";

import { useEffect, useState } from "react";

/** Writes text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing (plain HTTP). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission): try the older way below.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

/**
 * A small button that copies one identifier (or a link), named for what it copies so a screen
 * reader says "Copy MPAN 1200…"; it says "Copied" for two seconds and keeps focus where it was.
 */
export function CopyButton({
  value,
  label,
  text = "Copy",
  className,
}: {
  value: string | (() => string);
  label: string;
  text?: string;
  className?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={`copy-button${className ? ` ${className}` : ""}`}
      aria-label={`${text} ${label}`}
      onClick={async () =>
        setState((await copyText(typeof value === "function" ? value() : value)) ? "copied" : "failed")
      }
    >
      <svg
        viewBox="0 0 24 24"
        width="13"
        height="13"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </svg>
      <span aria-hidden="true">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : text}</span>
      <span className="visually-hidden" role="status">
        {state === "copied" ? `${label} copied` : state === "failed" ? "Could not copy; select the text instead" : ""}
      </span>
    </button>
  );
}

/** An identifier in monospace with its copy button beside it. */
export function CopyId({ value, label, className }: { value: string; label: string; className?: string }) {
  return (
    <span className={`copy-id${className ? ` ${className}` : ""}`}>
      <span className="mono">{value}</span>
      <CopyButton value={value} label={`${label} ${value}`} />
    </span>
  );
}

/** Copies the address of the view on screen (tabs and filters are in it), read at the click. */
export function CopyLinkButton({ label = "link to this view", href }: { label?: string; href?: string }) {
  return (
    <CopyButton
      value={() => new URL(href ?? window.location.href, window.location.origin).toString()}
      label={label}
      text="Copy link"
      className="copy-link"
    />
  );
}
