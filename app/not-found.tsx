import type { Metadata } from "next";
import { Brand } from "@/app/components/ui/brand";
import { NotFoundPanel } from "@/app/components/ui/not-found";

export const metadata: Metadata = { title: "Page not found" };

/** Any URL the console has no page for (rendered without the console shell, so it needs no session). */
export default function NotFound() {
  return (
    <main className="standalone" id="main">
      <div>
        <Brand />
        <NotFoundPanel
          title="This page does not exist"
          links={[
            { href: "/suppliers", label: "Go to suppliers" },
            { href: "/accounts", label: "Find an account" },
            { href: "/events", label: "Event log" },
          ]}
        >
          The address may be mistyped, or the page may have moved. Pick a place to carry on from.
        </NotFoundPanel>
      </div>
    </main>
  );
}
