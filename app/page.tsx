import { redirect } from "next/navigation";

// Rendered per request, so the redirect is never cached by a shared cache (no s-maxage).
export const dynamic = "force-dynamic";

export default function Home() {
  redirect("/suppliers");
}
